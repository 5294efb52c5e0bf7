import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { accountIdArg } from './args.js';

export const syncEmailAccount = defineTool({
  name: 'sync_email_account',
  title: 'Sync email account',
  description:
    "Reads the mailbox's new mail now instead of at the next poll (every minute). Mail on the server stays unread.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({ account_id: accountIdArg }),
  output: Type.Object({
    account_id: Type.Integer(),
    fetched: Type.Integer({ description: 'Messages read from the server.' }),
    new_messages: Type.Integer({ description: 'Of those, stored now (the rest were there already).' }),
    new_threads: Type.Integer(),
    duration_ms: Type.Integer(),
  }),
  transactional: false,
  handler: async ({ account_id }, ctx) => ({
    ...(await ctx.services.emailSyncService.syncNow(account_id, (work) => ctx.transaction(work))),
  }),
});
