import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignIdArg } from './campaign-args.js';
import { CampaignResult } from '../outputs.js';

export const resumeCampaign = defineTool({
  name: 'resume_campaign',
  title: 'Resume campaign',
  description:
    'Resumes a paused campaign (also one paused for lack of credits); a recurring one skips occurrences missed meanwhile.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({ campaign_id: campaignIdArg() }),
  output: CampaignResult,
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.resume(campaign_id),
});
