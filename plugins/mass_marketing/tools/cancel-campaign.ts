import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { campaignIdArg } from './campaign-args.js';
import { CampaignOutput } from './outputs.js';

export const cancelCampaign = defineTool({
  name: 'cancel_campaign',
  title: 'Cancel campaign',
  description:
    'Cancels a campaign for good (draft, scheduled, pending_approval, running or paused): recipients not yet sent are skipped, messages already sent are not undone, and a cancelled campaign cannot be started again (duplicate_campaign makes a new draft).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  action: 'cancel',
  confirmation: 'agent',
  summary: async ({ campaign_id }, { services }) => {
    const campaign = await services.marketingCampaignsService.get(campaign_id);
    return `Cancel campaign ${campaign.id} "${campaign.name}" (now ${campaign.status}) permanently; recipients not yet sent will be skipped.`;
  },
  input: Type.Object({ campaign_id: campaignIdArg() }),
  output: Type.Object({ campaign: CampaignOutput, recipients_skipped: Type.Integer() }),
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.cancel(campaign_id),
});
