import { PagingArgs, pageOf, pageOutput, Type } from '../../../core/index.js';
import { ACCOUNT_STATUSES } from '../entities/values.js';
import { defineTool } from '../define.js';
import { accountPayload } from '../services/payloads.js';
import { AccountOutput } from './outputs.js';

export const listEmailAccounts = defineTool({
  name: 'list_email_accounts',
  title: 'List email accounts',
  description: 'Mailboxes, oldest first, with their sync health (passwords never shown).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    is_active: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    status: Type.Optional(Type.Enum([...ACCOUNT_STATUSES])),
    ...PagingArgs,
  }),
  output: pageOutput('accounts', AccountOutput),
  handler: async ({ is_active, status, limit = 20, offset = 0 }, { services }) => {
    const { rows, count } = await services.emailAccountsService.list({ is_active, status }, { limit, offset });
    return pageOf('accounts', rows.map(accountPayload), count, { limit, offset });
  },
});
