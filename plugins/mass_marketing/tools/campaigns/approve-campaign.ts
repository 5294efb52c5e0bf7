import { Type, Nullable } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignIdArg } from './campaign-args.js';
import { CampaignOutput, RunOutput } from '../outputs.js';

export const approveCampaign = defineTool({
  name: 'approve_campaign',
  title: 'Approve campaign',
  description: 'Approves a pending_approval campaign: scheduled if its time is ahead, else it starts now.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  action: 'approve',
  input: Type.Object({ campaign_id: campaignIdArg() }),
  output: Type.Object({ campaign: CampaignOutput, started: Type.Boolean(), run: Type.Optional(Nullable(RunOutput)) }),
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.approve(campaign_id),
});
