import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignIdArg } from './campaign-args.js';
import { CampaignResult } from '../outputs.js';

export const cancelCampaignSchedule = defineTool({
  name: 'cancel_campaign_schedule',
  title: 'Cancel campaign schedule',
  description: 'Takes a scheduled campaign back to draft, dropping its time.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  action: 'cancel_schedule',
  input: Type.Object({ campaign_id: campaignIdArg() }),
  output: CampaignResult,
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.cancelSchedule(campaign_id),
});
