import { Type } from '../../../core/index.js';
import { CRM_STAGES } from '../../crm/surface.js';
import { defineTool } from '../define.js';
import { crmDefinitions } from '../services/crm/crm-definitions.js';

export const exportCrmCustomersCsv = defineTool({
  name: 'export_crm_customers_csv',
  title: 'Export CRM customers as CSV',
  description:
    'The CRM records as CSV, newest first: fixed columns then one per custom field (fields picks which). At most 5,000 rows (truncated: narrow the filters).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    stage: Type.Optional(Type.Enum([...CRM_STAGES])),
    query: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'In the name, email or company, or the number’s digits.',
      }),
    ),
    fields: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 50 })),
  }),
  output: Type.Object({
    csv: Type.String(),
    rows: Type.Integer({ minimum: 0 }),
    columns: Type.Array(Type.String()),
    truncated: Type.Boolean(),
  }),
  handler: async ({ stage, query, fields }, { services }) =>
    crmDefinitions(services).exportCsv({ stage, query }, fields),
});
