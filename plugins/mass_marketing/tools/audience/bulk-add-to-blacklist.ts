import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { phonesArg } from '../args.js';
import { BlacklistOutput, InvalidPhoneOutput } from '../outputs.js';

export const bulkAddToBlacklist = defineTool({
  name: 'bulk_add_to_blacklist',
  title: 'Add phones to blacklist',
  description: 'Blacklists several phones with one reason; invalid ones are listed, and none valid changes nothing.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  action: 'bulk',
  input: Type.Object({ phones: phonesArg(10_000), reason: Type.Optional(Type.String({ maxLength: 500 })) }),
  output: Type.Object({
    entries: Type.Array(BlacklistOutput),
    added_count: Type.Integer(),
    already_count: Type.Integer(),
    invalid: Type.Array(InvalidPhoneOutput),
  }),
  handler: async ({ phones, reason }, { services }) => services.marketingBlacklistService.addMany(phones, reason),
});
