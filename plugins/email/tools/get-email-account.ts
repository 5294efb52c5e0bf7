import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { accountPayload, syncStatusPayload } from '../services/payloads.js';
import { accountIdArg } from './args.js';
import { AccountOutput, SyncStatusOutput } from './outputs.js';

export const getEmailAccount = defineTool({
  name: 'get_email_account',
  title: 'Get email account',
  description: 'One mailbox with its settings and sync state.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ account_id: accountIdArg }),
  output: Type.Object({ account: AccountOutput, sync: SyncStatusOutput }),
  handler: async ({ account_id }, { services }) => {
    const account = await services.emailAccountsService.get(account_id);
    const folders = await services.emailSyncService.folderCursors(account_id);
    return { account: accountPayload(account), sync: syncStatusPayload(account, folders) };
  },
});
