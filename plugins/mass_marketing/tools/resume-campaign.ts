import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { campaignIdArg } from './campaign-args.js';

export const resumeCampaign = defineTool({
  name: 'resume_campaign',
  title: 'Resume campaign',
  description:
    'Resumes a paused campaign (also one the engine paused because credits ran out). A recurring campaign skips the occurrences that fell during the pause.',
  kind: 'mutation',
  input: Type.Object({ campaign_id: campaignIdArg() }),
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.resume(campaign_id),
});
