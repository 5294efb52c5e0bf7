import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { listIdArg } from '../args.js';
import { ImportStarted } from '../outputs.js';

export const importContactsManual = defineTool({
  name: 'import_contacts_manual',
  title: 'Import typed numbers',
  description:
    'Imports typed phone numbers (text separated by line breaks, commas or semicolons, or a list) into a list. Answers the import record: small imports complete at once, large ones are queued (get_import_status).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    list_id: listIdArg(),
    numbers: Type.Union(
      [
        Type.String({ minLength: 1, maxLength: 500_000 }),
        Type.Array(Type.String({ maxLength: 40 }), { minItems: 1, maxItems: 50_000 }),
      ],
      {
        description: 'Numbers as text ("+34600111222, +34600111333") or as a list.',
      },
    ),
  }),
  output: ImportStarted,
  handler: async ({ list_id, numbers }, { services, progress }) =>
    services.marketingContactImportsService.fromTypedNumbers(list_id, numbers, progress),
});
