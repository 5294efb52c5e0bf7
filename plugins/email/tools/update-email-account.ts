import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { accountPayload } from '../services/payloads.js';
import { accountFieldArgs, accountIdArg, emailAddressArg } from './args.js';
import { AccountOutput } from './outputs.js';

export const updateEmailAccount = defineTool({
  name: 'update_email_account',
  title: 'Update email account',
  description: 'Changed connection fields are tried first: if a server refuses, nothing changes (connection_failed).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({ account_id: accountIdArg, email_address: Type.Optional(emailAddressArg), ...accountFieldArgs }),
  output: Type.Object({ account: AccountOutput }),
  handler: async ({ account_id, ...fields }, { services }) => ({
    account: accountPayload(await services.emailAccountsService.update(account_id, fields)),
  }),
});
