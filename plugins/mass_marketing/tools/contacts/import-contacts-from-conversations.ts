import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { listIdArg } from '../args.js';
import { ImportStarted } from '../outputs.js';

export const importContactsFromConversations = defineTool({
  name: 'import_contacts_from_conversations',
  title: 'Import contacts from conversations',
  description:
    'Adds every phone the shop has chatted with to a list, named from its customer record. Answers the import record.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({ list_id: listIdArg() }),
  output: ImportStarted,
  handler: async ({ list_id }, { services }) => services.marketingContactImportsService.fromConversations(list_id),
});
