import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { accountIdArg } from './args.js';

export const deleteEmailAccount = defineTool({
  name: 'delete_email_account',
  title: 'Delete email account',
  description:
    'Disconnects a mailbox: its credentials are erased and its scheduled mail is deleted unsent. Its threads stay readable. Nothing is deleted on the mail server.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ account_id: accountIdArg }),
  output: Type.Object({ deleted: Type.Boolean(), id: Type.Integer(), scheduled_deleted: Type.Integer() }),
  handler: async ({ account_id }, { services }) => ({
    deleted: true,
    id: account_id,
    ...(await services.emailAccountsService.delete(account_id)),
  }),
});
