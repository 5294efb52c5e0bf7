import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { CallOutput } from './outputs.js';

export const testCustomFunction = defineTool({
  name: 'test_custom_function',
  title: 'Test custom function',
  description:
    'Calls a function now with the given arguments, as the assistant would, and reports status, status code, time and the capped result. Logged with source test.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  transactional: false,
  input: Type.Object({
    function_id: Type.Integer({ minimum: 1 }),
    arguments: Type.Record(Type.String(), Type.Unknown()),
  }),
  output: Type.Object({ call: CallOutput }),
  handler: async ({ function_id, arguments: args }, { services, requestId }) => {
    const fn = await services.advancedCustomFunctions.get(function_id);
    return { call: await services.advancedFunctionInvoker.invoke(fn, args, { source: 'test', requestId }) };
  },
});
