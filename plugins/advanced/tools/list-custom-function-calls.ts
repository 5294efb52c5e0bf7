import { DateTime, Nullable, PagingArgs, pageOf, pageOutput, Type, RangeBoundArg } from '../../../core/index.js';
import { CALL_SOURCES, CALL_STATUSES } from '../entities/values.js';
import { defineTool } from '../define.js';

export const listCustomFunctionCalls = defineTool({
  name: 'list_custom_function_calls',
  title: 'List custom function calls',
  description: 'Function call log, newest first, with arguments and results (kept 30 days).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    function_id: Type.Optional(Type.Integer({ minimum: 1 })),
    status: Type.Optional(Type.Enum([...CALL_STATUSES])),
    source: Type.Optional(Type.Enum([...CALL_SOURCES])),
    date_from: Type.Optional(RangeBoundArg()),
    date_to: Type.Optional(RangeBoundArg()),
    ...PagingArgs,
  }),
  output: pageOutput(
    'calls',
    Type.Object({
      call_id: Type.Integer(),
      function_id: Type.Integer(),
      function_name: Type.String(),
      source: Type.String(),
      surface: Nullable(Type.String()),
      status: Type.String(),
      status_code: Nullable(Type.Integer()),
      duration_ms: Type.Integer(),
      arguments: Type.Unknown(),
      result: Nullable(Type.String()),
      truncated: Type.Boolean(),
      error: Nullable(Type.String()),
      created_at: DateTime(),
    }),
  ),
  handler: async ({ limit = 20, offset = 0, ...filters }, { services }) => {
    const { rows, count } = await services.advancedFunctionCalls.list(filters, { limit, offset });
    return pageOf('calls', rows, count, { limit, offset });
  },
});
