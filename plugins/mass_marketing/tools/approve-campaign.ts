import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { campaignIdArg } from './campaign-args.js';

export const approveCampaign = defineTool({
  name: 'approve_campaign',
  title: 'Approve campaign',
  description:
    'Approves a campaign waiting for approval (pending_approval): it is scheduled when its time is still ahead, else it starts sending now.',
  kind: 'mutation',
  action: 'approve',
  input: Type.Object({ campaign_id: campaignIdArg() }),
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.approve(campaign_id),
});
