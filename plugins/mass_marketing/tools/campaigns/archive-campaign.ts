import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignIdArg } from './campaign-args.js';
import { CampaignResult } from '../outputs.js';

export const archiveCampaign = defineTool({
  name: 'archive_campaign',
  title: 'Archive campaign',
  description: 'Archives a completed campaign, keeping logs and stats (unarchive_campaign restores it).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  action: 'archive',
  input: Type.Object({ campaign_id: campaignIdArg() }),
  output: CampaignResult,
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.archive(campaign_id),
});
