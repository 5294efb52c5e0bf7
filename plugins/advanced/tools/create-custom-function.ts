import { Type, WarningsOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { functionPayload } from '../services/functions/function-payload.js';
import { functionFieldArgs, functionNameArg } from './function-args.js';
import { FunctionOutput } from './outputs.js';

export const createCustomFunction = defineTool({
  name: 'create_custom_function',
  title: 'Create custom function',
  description:
    "Declares an HTTPS endpoint of the shop's that the assistant may call as a function (at most 50). The server sends { function, arguments, context }, signed like webhooks with the function's own secret (returned once as `secret`). Arguments are checked against `parameters` first; answers are cut at response_max_chars.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    name: functionNameArg,
    description: functionFieldArgs.description,
    parameters: functionFieldArgs.parameters,
    url: functionFieldArgs.url,
    method: Type.Optional(functionFieldArgs.method),
    headers: Type.Optional(functionFieldArgs.headers),
    timeout_seconds: Type.Optional(functionFieldArgs.timeout_seconds),
    surfaces: Type.Optional(functionFieldArgs.surfaces),
    side_effects: Type.Optional(functionFieldArgs.side_effects),
    response_max_chars: Type.Optional(functionFieldArgs.response_max_chars),
    is_enabled: Type.Optional(functionFieldArgs.is_enabled),
  }),
  output: Type.Object({
    function: FunctionOutput,
    secret: Type.String({ description: 'The signing secret, shown this once.' }),
    warnings: WarningsOutput(),
  }),
  handler: async (args, { services }) => {
    const { fn, secret, warnings } = await services.advancedCustomFunctions.create(args);
    return { function: functionPayload(fn), secret, warnings };
  },
});
