import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignIdArg } from './campaign-args.js';
import { CampaignResult } from '../outputs.js';

export const unarchiveCampaign = defineTool({
  name: 'unarchive_campaign',
  title: 'Unarchive campaign',
  description: 'Restores an archived campaign to completed.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ campaign_id: campaignIdArg() }),
  output: CampaignResult,
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.unarchive(campaign_id),
});
