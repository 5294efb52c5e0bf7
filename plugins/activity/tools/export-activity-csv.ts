import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { EntryFilterObject } from '../services/entry-filters.js';

export const exportActivityCsv = defineTool({
  name: 'export_activity_csv',
  title: 'Export activity as CSV',
  description:
    'The matching audit log lines as CSV, newest first, arguments as JSON in the last column. At most the export limit (truncated: narrow the filters).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: EntryFilterObject,
  output: Type.Object({ csv: Type.String(), rows: Type.Integer({ minimum: 0 }), truncated: Type.Boolean() }),
  handler: async (filters, { services }) => services.activityLogService.exportCsv(filters),
});
