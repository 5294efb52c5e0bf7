import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { functionPayload } from '../services/functions/function-payload.js';
import { FunctionOutput } from './outputs.js';

export const getCustomFunction = defineTool({
  name: 'get_custom_function',
  title: 'Get custom function',
  description: 'One custom function (headers masked) with its last 24 hours of calls, errors and p95 latency.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ function_id: Type.Integer({ minimum: 1 }) }),
  output: Type.Object({
    function: FunctionOutput,
    stats_24h: Type.Object({ calls: Type.Integer(), errors: Type.Integer(), latency_p95_ms: Nullable(Type.Integer()) }),
  }),
  handler: async ({ function_id }, { services }) => ({
    function: functionPayload(await services.advancedCustomFunctions.get(function_id)),
    stats_24h: await services.advancedFunctionCalls.stats24h(function_id),
  }),
});
