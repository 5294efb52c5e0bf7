import { PagingArgs, pageOf, pageOutput, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { messagePayload } from '../services/payloads.js';
import { accountIdArg } from './args.js';
import { MessageOutput } from './outputs.js';

export const listScheduledEmails = defineTool({
  name: 'list_scheduled_emails',
  title: 'List scheduled emails',
  description: 'Outbound mail by state, soonest first (default scheduled; failed ones show last_error).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    account_id: Type.Optional(accountIdArg),
    status: Type.Optional(Type.Enum(['scheduled', 'queued', 'sending', 'sent', 'failed'])),
    ...PagingArgs,
  }),
  output: pageOutput('emails', MessageOutput),
  handler: async ({ account_id, status, limit = 20, offset = 0 }, { services }) => {
    const { rows, count } = await services.emailComposeService.listScheduled({ account_id, status }, { limit, offset });
    return pageOf(
      'emails',
      rows.map((m) => messagePayload(m, false)),
      count,
      { limit, offset },
    );
  },
});
