import { DateTime, Nullable, Type, RangeBoundArg } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { accountIdArg } from './args.js';

export const getEmailStats = defineTool({
  name: 'get_email_stats',
  title: 'Get email stats',
  description:
    'The inbox over a period (default the last 30 days), for one account or all: mail received, sent, failed; threads started and answered; median first response; threads by status and category; unassigned open threads.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    account_id: Type.Optional(accountIdArg),
    date_from: Type.Optional(RangeBoundArg()),
    date_to: Type.Optional(RangeBoundArg()),
  }),
  output: Type.Object({
    account_id: Nullable(Type.Integer()),
    date_from: DateTime(),
    date_to: DateTime(),
    received: Type.Integer(),
    sent: Type.Integer(),
    failed: Type.Integer(),
    threads_started: Type.Integer(),
    threads_responded: Type.Integer(),
    median_first_response_seconds: Nullable(Type.Integer()),
    by_status: Type.Record(Type.String(), Type.Integer()),
    by_category: Type.Record(Type.String(), Type.Integer()),
    open_unassigned: Type.Integer(),
  }),
  handler: async ({ account_id, ...range }, { services }) => {
    if (account_id !== undefined) await services.emailAccountsService.findOwned(account_id);
    return services.emailStatsService.stats({ account_id, ...range });
  },
});
