import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignFieldArgs, campaignIdArg, MESSAGE_TEXT_MAX } from './campaign-args.js';
import { listIdArg } from '../args.js';
import { CampaignResult } from '../outputs.js';

export const updateCampaign = defineTool({
  name: 'update_campaign',
  title: 'Update campaign',
  description: 'Changes a draft campaign. scheduled_at makes it scheduled. A change voids an earlier approval.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    campaign_id: campaignIdArg(),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    message_text: Type.Optional(Type.String({ minLength: 1, maxLength: MESSAGE_TEXT_MAX })),
    list_id: Type.Optional(listIdArg()),
    ...campaignFieldArgs(false),
  }),
  output: CampaignResult,
  handler: async ({ campaign_id, ...changes }, { services }) =>
    services.marketingCampaignsService.update(campaign_id, changes),
});
