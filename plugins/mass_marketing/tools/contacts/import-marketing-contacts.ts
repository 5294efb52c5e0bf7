import { invalidArguments, Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { listIdArg, tagNames, tagsArg } from '../args.js';
import { ImportStarted } from '../outputs.js';

export const importMarketingContacts = defineTool({
  name: 'import_marketing_contacts',
  title: 'Import marketing contacts',
  description:
    'Imports contacts into a list from csv (csv_text with phone and name columns), customers (by tags) or crm (by stages and tags; needs the crm group). Duplicates merge; a failed import changes nothing. Small imports complete at once with their bad rows; large ones are queued (get_import_status).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    list_id: listIdArg(),
    source: Type.Union([Type.Literal('csv'), Type.Literal('customers'), Type.Literal('crm')], {
      default: 'csv',
      description: 'Where the contacts come from.',
    }),
    csv_text: Type.Optional(Type.String({ maxLength: 50_000_000, description: 'The CSV, for source csv.' })),
    has_header: Type.Optional(
      Type.Boolean({ description: 'Whether the first CSV line is a header; detected when left out.' }),
    ),
    tags: tagsArg('customers/crm: only customers with at least one of these tags.'),
    exclude_tags: tagsArg('customers/crm: no customer with any of these tags.'),
    stages: Type.Optional(
      Type.Array(
        Type.Union(['lead', 'contacted', 'qualified', 'proposal', 'won', 'lost'].map((s) => Type.Literal(s))),
        { maxItems: 6, description: 'crm: only CRM customers in these stages.' },
      ),
    ),
  }),
  output: ImportStarted,
  handler: async (args, { services, progress }) => {
    const imports = services.marketingContactImportsService;
    const misplaced = (names: string[]) =>
      invalidArguments(
        `${names.join(', ')} ${names.length === 1 ? 'does' : 'do'} not apply to source ${args.source}.`,
        names.map((n) => ({ path: n, message: `does not apply to source ${args.source}` })),
      );
    if (args.source === 'csv') {
      const extra = (['tags', 'exclude_tags', 'stages'] as const).filter((k) => args[k] !== undefined);
      if (extra.length) throw misplaced(extra);
      if (args.csv_text === undefined)
        throw invalidArguments('source csv needs csv_text.', [
          { path: 'csv_text', message: 'is required for source csv' },
        ]);
      return imports.fromCsv(args.list_id, args.csv_text, args.has_header, progress);
    }
    const extra = (['csv_text', 'has_header', ...(args.source === 'customers' ? ['stages'] : [])] as const).filter(
      (k) => args[k as keyof typeof args] !== undefined,
    );
    if (extra.length) throw misplaced([...extra]);
    if (args.source === 'customers')
      return imports.fromCustomers(args.list_id, tagNames(args.tags), tagNames(args.exclude_tags));
    return imports.fromCrm(args.list_id, args.stages ?? [], tagNames(args.tags), tagNames(args.exclude_tags));
  },
});
