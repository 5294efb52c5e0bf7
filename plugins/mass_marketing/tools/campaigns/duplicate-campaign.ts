import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignIdArg } from './campaign-args.js';
import { CampaignOutput } from '../outputs.js';

export const duplicateCampaign = defineTool({
  name: 'duplicate_campaign',
  title: 'Duplicate campaign',
  description: "A new draft with a campaign's content and settings, without schedule, approval, runs or logs.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    campaign_id: campaignIdArg(),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  }),
  output: Type.Object({ campaign: CampaignOutput, duplicated_from: Type.Integer() }),
  handler: async ({ campaign_id, name }, { services }) =>
    services.marketingCampaignsService.duplicate(campaign_id, name),
});
