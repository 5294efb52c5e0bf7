import { PagingArgs, pageOf, pageOutput, Type, RangeBoundArg } from '../../../core/index.js';
import { CATEGORIES, THREAD_STATUSES } from '../entities/values.js';
import { defineTool } from '../define.js';
import { threadPayload } from '../services/payloads.js';
import { accountIdArg } from './args.js';
import { ThreadOutput } from './outputs.js';

export const listEmailThreads = defineTool({
  name: 'list_email_threads',
  title: 'List email threads',
  description:
    'Mail threads, newest activity first; the dates bound the last activity. count is exact up to 10,000 (count_exact).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    account_id: Type.Optional(accountIdArg),
    status: Type.Optional(Type.Enum([...THREAD_STATUSES])),
    assigned_agent_id: Type.Optional(Type.Integer({ minimum: 0, description: 'An agent id; 0: unassigned threads.' })),
    phone: Type.Optional(Type.String({ minLength: 3, maxLength: 32 })),
    has_phone: Type.Optional(Type.Boolean()),
    category: Type.Optional(Type.Enum([...CATEGORIES])),
    unread: Type.Optional(Type.Boolean()),
    snoozed: Type.Optional(Type.Boolean({ description: 'true: only snoozed threads; false: none of them.' })),
    query: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'In the subject or an address.' })),
    date_from: Type.Optional(RangeBoundArg()),
    date_to: Type.Optional(RangeBoundArg()),
    ...PagingArgs,
  }),
  output: pageOutput('threads', ThreadOutput, {
    count_exact: Type.Boolean({ description: 'false: more than 10,000 match, and count says 10,000.' }),
  }),
  handler: async ({ limit = 20, offset = 0, ...filters }, { services }) => {
    const { rows, count, exact } = await services.emailThreadsService.list(filters, { limit, offset });
    const deleted = await services.emailThreadsService.deletedAccounts(rows);
    return {
      ...pageOf(
        'threads',
        rows.map((t) => threadPayload(t, deleted)),
        count,
        { limit, offset },
      ),
      has_more: offset + rows.length < count || !exact,
      count_exact: exact,
    };
  },
});
