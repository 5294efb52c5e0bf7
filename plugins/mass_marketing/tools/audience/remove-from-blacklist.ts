import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { phoneArg } from '../args.js';

export const removeFromBlacklist = defineTool({
  name: 'remove_from_blacklist',
  title: 'Remove from blacklist',
  description: 'Takes a phone off the blacklist; unsubscribes and opt-outs still apply.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ phone: phoneArg() }),
  output: Type.Object({ removed: Type.Literal(true), phone: Type.String(), id: Type.Integer() }),
  handler: async ({ phone }, { services }) => services.marketingBlacklistService.remove(phone),
});
