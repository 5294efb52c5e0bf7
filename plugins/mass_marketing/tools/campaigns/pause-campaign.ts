import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignIdArg } from './campaign-args.js';
import { CampaignResult } from '../outputs.js';

export const pauseCampaign = defineTool({
  name: 'pause_campaign',
  title: 'Pause campaign',
  description: 'Pauses a running campaign until resume_campaign.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ campaign_id: campaignIdArg() }),
  output: CampaignResult,
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.pause(campaign_id),
});
