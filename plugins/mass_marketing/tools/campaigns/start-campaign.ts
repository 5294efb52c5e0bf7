import { Type, Nullable } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignIdArg } from './campaign-args.js';
import { CampaignOutput, RunOutput } from '../outputs.js';

export const startCampaign = defineTool({
  name: 'start_campaign',
  title: 'Start campaign',
  description:
    'Starts sending a draft campaign now (a recurring one at its first occurrence), or sends it to pending_approval when the shop requires approval.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({ campaign_id: campaignIdArg() }),
  output: Type.Object({
    campaign: CampaignOutput,
    started: Type.Boolean(),
    awaiting_approval: Type.Boolean(),
    run: Type.Optional(Nullable(RunOutput)),
  }),
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.start(campaign_id),
});
