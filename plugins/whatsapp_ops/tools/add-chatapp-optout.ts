import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';
import { OptoutOutput } from './outputs.js';

export const addChatappOptout = defineTool({
  name: 'add_chatapp_optout',
  title: 'Add messaging opt-out',
  description:
    'Opts a number out: it then receives no automatic message from any group (campaigns, follow-ups, reminders, auto-replies, scheduled messages). ' +
    'Messages a person sends with send_chatapp_message still go out. Adding a number again keeps it opted out (created: false) and replaces the reason if one is given.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  action: 'add',
  input: Type.Object({
    phone: phoneArg('The number, with its international prefix.'),
    reason: Type.Optional(Type.String({ maxLength: 500, description: 'Why, at most 500 characters.' })),
  }),
  output: Type.Object({ optout: OptoutOutput, created: Type.Boolean() }),
  handler: async ({ phone, reason }, { services }) => services.chatappOptoutsService.add(phone, reason),
});
