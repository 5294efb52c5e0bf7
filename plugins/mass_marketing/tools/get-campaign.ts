import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { campaignIdArg } from './campaign-args.js';

export const getCampaign = defineTool({
  name: 'get_campaign',
  title: 'Get campaign',
  description:
    "A campaign with its settings, status (and why it is paused or waiting), its stats, its latest runs and, for a recurring one, its next runs. Scheduled and next-run times are shown in UTC and on the shop's clock.",
  kind: 'query',
  input: Type.Object({ campaign_id: campaignIdArg() }),
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.show(campaign_id),
});
