import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { phonesArg } from '../args.js';
import { InvalidPhoneOutput } from '../outputs.js';

export const removeUnsubscribedBulk = defineTool({
  name: 'remove_unsubscribed_bulk',
  title: 'Remove unsubscribe records',
  description: 'Deletes the unsubscribe records of the given phones so campaigns may reach them again.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ phones: phonesArg(10_000) }),
  output: Type.Object({
    removed_count: Type.Integer(),
    removed: Type.Array(Type.String()),
    not_found: Type.Array(Type.String()),
    invalid: Type.Array(InvalidPhoneOutput),
  }),
  handler: async ({ phones }, { services }) => services.marketingUnsubscribesService.removeMany(phones),
});
