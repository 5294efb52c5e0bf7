import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignIdArg } from './campaign-args.js';
import { CampaignOutput } from '../outputs.js';

export const cancelCampaign = defineTool({
  name: 'cancel_campaign',
  title: 'Cancel campaign',
  description:
    'Cancels a campaign for good: unsent recipients are skipped and it cannot restart (duplicate_campaign makes a new draft).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  action: 'cancel',
  confirmation: 'agent',
  precheck: ({ campaign_id }, { services }) => services.marketingCampaignsService.checkCancel(campaign_id),
  summary: async ({ campaign_id }, { services }) => {
    const campaign = await services.marketingCampaignsService.get(campaign_id);
    return `Cancel campaign ${campaign.id} "${campaign.name}" (now ${campaign.status}) permanently; recipients not yet sent will be skipped.`;
  },
  input: Type.Object({ campaign_id: campaignIdArg() }),
  output: Type.Object({ campaign: CampaignOutput, recipients_skipped: Type.Integer() }),
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.cancel(campaign_id),
});
