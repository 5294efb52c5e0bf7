import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';

export const removeChatappOptout = defineTool({
  name: 'remove_chatapp_optout',
  title: 'Remove messaging opt-out',
  description: 'Lets automatic messages reach the number again.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ phone: phoneArg('The number.') }),
  output: Type.Object({ removed: Type.Literal(true), phone: Type.String() }),
  handler: async ({ phone }, { services }) => services.chatappOptoutsService.remove(phone),
});
