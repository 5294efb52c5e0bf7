import { Nullable, Type, WarningsOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { functionPayload } from '../services/functions/function-payload.js';
import { functionFieldArgs, functionNameArg } from './function-args.js';
import { FunctionOutput } from './outputs.js';

export const updateCustomFunction = defineTool({
  name: 'update_custom_function',
  title: 'Update custom function',
  description:
    'Headers replace the whole set (null removes them). rotate_secret makes a new secret, returned once; the old one stops at once.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({
    function_id: Type.Integer({ minimum: 1 }),
    name: Type.Optional(functionNameArg),
    description: Type.Optional(functionFieldArgs.description),
    parameters: Type.Optional(functionFieldArgs.parameters),
    url: Type.Optional(functionFieldArgs.url),
    method: Type.Optional(functionFieldArgs.method),
    headers: Type.Optional(Nullable(functionFieldArgs.headers)),
    timeout_seconds: Type.Optional(functionFieldArgs.timeout_seconds),
    surfaces: Type.Optional(functionFieldArgs.surfaces),
    side_effects: Type.Optional(functionFieldArgs.side_effects),
    response_max_chars: Type.Optional(functionFieldArgs.response_max_chars),
    is_enabled: Type.Optional(functionFieldArgs.is_enabled),
    rotate_secret: Type.Optional(Type.Boolean()),
  }),
  output: Type.Object({ function: FunctionOutput, secret: Nullable(Type.String()), warnings: WarningsOutput() }),
  handler: async ({ function_id, rotate_secret = false, ...fields }, { services }) => {
    const { fn, secret, warnings } = await services.advancedCustomFunctions.update(function_id, fields, rotate_secret);
    return { function: functionPayload(fn), secret, warnings };
  },
});
