import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignFieldArgs, MESSAGE_TEXT_MAX } from './campaign-args.js';
import { listIdArg } from '../args.js';
import { CampaignResult } from '../outputs.js';

export const createCampaign = defineTool({
  name: 'create_campaign',
  title: 'Create campaign',
  description:
    'Creates a campaign to a contact list: a draft, or scheduled with scheduled_at (pending_approval when the shop requires approval). Each message costs 1000 credits when sent. Start a draft with start_campaign.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'create',
  input: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 200 }),
    message_text: Type.String({
      minLength: 1,
      maxLength: MESSAGE_TEXT_MAX,
      description: "The message; {nombre}, {telefono} and {tienda} are the contact's name, phone and the shop name.",
    }),
    list_id: listIdArg(),
    ...campaignFieldArgs(true),
  }),
  output: CampaignResult,
  handler: async (args, { services }) => services.marketingCampaignsService.create(args),
});
