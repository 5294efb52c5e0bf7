import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phonesArg } from './args.js';

export const bulkAddToBlacklist = defineTool({
  name: 'bulk_add_to_blacklist',
  title: 'Add phones to blacklist',
  description:
    'Blacklists several phones with one reason. Valid phones are added (already_count: those that were there); invalid ones are listed with their index; if none is valid nothing changes (invalid_arguments).',
  kind: 'mutation',
  action: 'bulk',
  idempotent: true,
  input: Type.Object({ phones: phonesArg(10_000), reason: Type.Optional(Type.String({ maxLength: 500 })) }),
  handler: async ({ phones, reason }, { services }) => services.marketingBlacklistService.addMany(phones, reason),
});
