import { PagingArgs, Type, pageOutput } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignIdArg, recipientStatusArg } from './campaign-args.js';
import { LogOutput } from '../outputs.js';

export const getCampaignLogs = defineTool({
  name: 'get_campaign_logs',
  title: 'Get campaign logs',
  description:
    "A campaign's send log: one line per recipient and run with status, skip or failure reason, line, message, credits and step times.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    campaign_id: campaignIdArg(),
    run_id: Type.Optional(Type.Integer({ minimum: 1, description: 'Only this run (get_campaign lists the runs).' })),
    status: Type.Optional(recipientStatusArg()),
    phone: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    ...PagingArgs,
  }),
  output: pageOutput('logs', LogOutput, { campaign_id: Type.Integer() }),
  handler: async ({ campaign_id, run_id, status, phone, limit, offset }, { services }) =>
    services.marketingCampaignLogsService.logs(
      campaign_id,
      { runId: run_id, status, phone },
      { limit: limit!, offset: offset! },
    ),
});
