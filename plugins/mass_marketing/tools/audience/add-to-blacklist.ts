import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { phoneArg } from '../args.js';
import { BlacklistOutput } from '../outputs.js';

export const addToBlacklist = defineTool({
  name: 'add_to_blacklist',
  title: 'Add to blacklist',
  description:
    'Blacklists a phone: left out of every campaign. Adding again keeps the entry and updates the reason if given.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  action: 'add',
  input: Type.Object({
    phone: phoneArg(),
    reason: Type.Optional(Type.String({ maxLength: 500, description: 'Why.' })),
  }),
  output: Type.Object({ entry: BlacklistOutput, created: Type.Boolean() }),
  handler: async ({ phone, reason }, { services }) => services.marketingBlacklistService.add(phone, reason),
});
