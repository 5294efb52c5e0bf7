import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { syncStatusPayload } from '../services/payloads.js';
import { accountIdArg } from './args.js';
import { SyncStatusOutput } from './outputs.js';

export const getEmailSyncStatus = defineTool({
  name: 'get_email_sync_status',
  title: 'Get email sync status',
  description:
    "A mailbox's sync state: per folder UIDVALIDITY and last UID, last sync, failures in a row, last error and backoff.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ account_id: accountIdArg }),
  output: SyncStatusOutput,
  handler: async ({ account_id }, { services }) => {
    const account = await services.emailAccountsService.get(account_id);
    return syncStatusPayload(account, await services.emailSyncService.folderCursors(account_id));
  },
});
