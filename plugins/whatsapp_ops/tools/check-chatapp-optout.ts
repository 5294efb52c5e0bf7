import { Type, Nullable } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';
import { OptoutOutput } from './outputs.js';

export const checkChatappOptout = defineTool({
  name: 'check_chatapp_optout',
  title: 'Check messaging opt-out',
  description: 'Whether a number has opted out of automatic messages, with the opt-out record.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  action: 'check',
  input: Type.Object({ phone: phoneArg('The number.') }),
  output: Type.Object({ phone: Type.String(), opted_out: Type.Boolean(), optout: Nullable(OptoutOutput) }),
  handler: async ({ phone }, { services }) => services.chatappOptoutsService.check(phone),
});
