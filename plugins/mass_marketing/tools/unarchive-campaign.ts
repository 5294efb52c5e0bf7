import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { campaignIdArg } from './campaign-args.js';

export const unarchiveCampaign = defineTool({
  name: 'unarchive_campaign',
  title: 'Unarchive campaign',
  description: 'Restores an archived campaign to completed.',
  kind: 'mutation',
  input: Type.Object({ campaign_id: campaignIdArg() }),
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.unarchive(campaign_id),
});
