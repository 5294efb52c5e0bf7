import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { campaignIdArg } from './campaign-args.js';

export const archiveCampaign = defineTool({
  name: 'archive_campaign',
  title: 'Archive campaign',
  description:
    'Archives a completed campaign (only completed ones; unarchive_campaign restores it). Its logs and stats stay.',
  kind: 'mutation',
  action: 'archive',
  input: Type.Object({ campaign_id: campaignIdArg() }),
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.archive(campaign_id),
});
