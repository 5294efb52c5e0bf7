import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { campaignIdArg } from './campaign-args.js';

export const deleteCampaign = defineTool({
  name: 'delete_campaign',
  title: 'Delete campaign',
  description:
    'Deletes a campaign with its runs and send logs. A running campaign cannot be deleted: pause or cancel it first. Messages already sent are not undone.',
  kind: 'mutation',
  destructive: true,
  input: Type.Object({ campaign_id: campaignIdArg() }),
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.delete(campaign_id),
});
