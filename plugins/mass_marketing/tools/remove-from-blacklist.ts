import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';

export const removeFromBlacklist = defineTool({
  name: 'remove_from_blacklist',
  title: 'Remove from blacklist',
  description:
    'Takes a phone off the blacklist (not_found when it is not on it). Unsubscribes and opt-outs still apply.',
  kind: 'mutation',
  input: Type.Object({ phone: phoneArg() }),
  handler: async ({ phone }, { services }) => services.marketingBlacklistService.remove(phone),
});
