import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { campaignIdArg } from './campaign-args.js';

export const startCampaign = defineTool({
  name: 'start_campaign',
  title: 'Start campaign',
  description:
    'Starts sending a draft campaign now (a recurring one waits for its first cron occurrence). When the shop requires approval (always, or from an audience size) the campaign goes to pending_approval instead and approve_campaign starts it.',
  kind: 'mutation',
  input: Type.Object({ campaign_id: campaignIdArg() }),
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.start(campaign_id),
});
