import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { campaignFieldArgs, MESSAGE_TEXT_MAX } from './campaign-args.js';
import { listIdArg } from './args.js';
import { CampaignResult } from './outputs.js';

export const createCampaign = defineTool({
  name: 'create_campaign',
  title: 'Create campaign',
  description:
    'Creates a campaign to a contact list: draft, or scheduled when scheduled_at is given (pending_approval instead when the shop requires approval). message_text may use {nombre}, {telefono} and {tienda}. ' +
    "scheduled_at is read in the shop's timezone unless it carries Z or an offset; the answer shows it in both. Each message costs 1000 credits when sent.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'create',
  input: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 200 }),
    message_text: Type.String({
      minLength: 1,
      maxLength: MESSAGE_TEXT_MAX,
      description: 'The message; {nombre} contact name, {telefono} contact phone, {tienda} shop name.',
    }),
    list_id: listIdArg(),
    ...campaignFieldArgs(true),
  }),
  output: CampaignResult,
  handler: async (args, { services }) => services.marketingCampaignsService.create(args),
});
