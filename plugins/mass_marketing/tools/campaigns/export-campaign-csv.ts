import { Type, DateTime } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignIdArg, recipientStatusArg } from './campaign-args.js';

export const exportCampaignCsv = defineTool({
  name: 'export_campaign_csv',
  title: 'Export campaign CSV',
  description: "A campaign's send log as CSV: inline when small, else a short-lived download_url.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    campaign_id: campaignIdArg(),
    run_id: Type.Optional(Type.Integer({ minimum: 1 })),
    status: Type.Optional(recipientStatusArg()),
    phone: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  }),
  output: Type.Object({
    campaign_id: Type.Integer(),
    filename: Type.String(),
    content_type: Type.Literal('text/csv'),
    row_count: Type.Integer(),
    csv: Type.Optional(Type.String({ description: 'The CSV itself, when small enough to return inline.' })),
    download_url: Type.Optional(Type.String({ description: 'Larger logs: a signed link.' })),
    expires_at: Type.Optional(DateTime()),
    message: Type.Optional(Type.String()),
  }),
  handler: async ({ campaign_id, run_id, status, phone }, { services }) =>
    services.marketingCampaignLogsService.exportCsv(campaign_id, { runId: run_id, status, phone }),
});
