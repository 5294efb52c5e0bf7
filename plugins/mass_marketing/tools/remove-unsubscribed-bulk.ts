import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phonesArg } from './args.js';

export const removeUnsubscribedBulk = defineTool({
  name: 'remove_unsubscribed_bulk',
  title: 'Remove unsubscribe records',
  description:
    'Deletes the unsubscribe records of the given phones, so campaigns may reach them again. Phones without a record are listed in not_found, invalid ones in invalid.',
  kind: 'mutation',
  destructive: true,
  idempotent: true,
  input: Type.Object({ phones: phonesArg(10_000) }),
  handler: async ({ phones }, { services }) => services.marketingUnsubscribesService.removeMany(phones),
});
