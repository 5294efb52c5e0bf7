import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';
import { OptoutOutput } from './outputs.js';

export const addChatappOptout = defineTool({
  name: 'add_chatapp_optout',
  title: 'Add messaging opt-out',
  description:
    'Opts a number out of every automatic message (campaigns, follow-ups, reminders, auto-replies, scheduled messages); messages sent by a person still go out. Adding again keeps it and replaces the reason if given.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  action: 'add',
  input: Type.Object({
    phone: phoneArg('The number.'),
    reason: Type.Optional(Type.String({ maxLength: 500, description: 'Why.' })),
  }),
  output: Type.Object({ optout: OptoutOutput, created: Type.Boolean() }),
  handler: async ({ phone, reason }, { services }) => services.chatappOptoutsService.add(phone, reason),
});
