import { PagingArgs, pageOf, pageOutput, Type, RangeBoundArg } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { CALL_OUTCOMES, CALL_STATUSES } from '../entities/values.js';
import { CallOutput } from './outputs.js';

export const listCalls = defineTool({
  name: 'list_calls',
  title: 'List voice calls',
  description: 'Calls the assistant answered, newest first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(Type.Union(CALL_STATUSES.map((s) => Type.Literal(s)))),
    outcome: Type.Optional(Type.Union(CALL_OUTCOMES.map((s) => Type.Literal(s)))),
    phone: Type.Optional(Type.String({ maxLength: 30, description: 'The caller.' })),
    date_from: Type.Optional(RangeBoundArg()),
    date_to: Type.Optional(RangeBoundArg()),
    ...PagingArgs,
  }),
  output: pageOutput('calls', CallOutput),
  handler: async ({ limit, offset, ...filters }, { services }) => {
    const paging = { limit: limit ?? 20, offset: offset ?? 0 };
    const { calls, count } = await services.voiceCallsService.list(filters, paging);
    return pageOf('calls', calls, count, paging);
  },
});
