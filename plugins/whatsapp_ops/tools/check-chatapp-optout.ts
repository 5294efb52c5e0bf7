import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';

export const checkChatappOptout = defineTool({
  name: 'check_chatapp_optout',
  title: 'Check messaging opt-out',
  description: 'Whether a number has opted out of automatic messages (opted_out), with the opt-out record when it has.',
  kind: 'query',
  action: 'check',
  input: Type.Object({ phone: phoneArg('The number, with its international prefix.') }),
  handler: async ({ phone }, { services }) => services.chatappOptoutsService.check(phone),
});
