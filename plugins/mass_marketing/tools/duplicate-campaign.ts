import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { campaignIdArg } from './campaign-args.js';

export const duplicateCampaign = defineTool({
  name: 'duplicate_campaign',
  title: 'Duplicate campaign',
  description:
    'Makes a new draft with the content and settings of a campaign in any status, without its schedule, approval, runs or logs. name defaults to "<name> (copy)".',
  kind: 'mutation',
  input: Type.Object({
    campaign_id: campaignIdArg(),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  }),
  handler: async ({ campaign_id, name }, { services }) =>
    services.marketingCampaignsService.duplicate(campaign_id, name),
});
