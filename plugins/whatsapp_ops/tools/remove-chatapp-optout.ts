import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';

export const removeChatappOptout = defineTool({
  name: 'remove_chatapp_optout',
  title: 'Remove messaging opt-out',
  description: 'Lets automatic messages reach the number again (not_found when it is not opted out).',
  kind: 'mutation',
  destructive: true,
  input: Type.Object({ phone: phoneArg('The number, with its international prefix.') }),
  handler: async ({ phone }, { services }) => services.chatappOptoutsService.remove(phone),
});
