import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { idArg } from './snippet-args.js';

export const deleteKnowledgeSnippet = defineTool({
  name: 'delete_knowledge_snippet',
  title: 'Delete knowledge snippet',
  description: 'Deletes a snippet for good.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ id: idArg }),
  output: Type.Object({ deleted: Type.Boolean(), id: Type.Integer() }),
  handler: async ({ id }, { services }) => services.knowledgeSnippetsService.delete(id),
});
