import { PagingArgs, pageOf, pageOutput, Type } from '../../../core/index.js';
import { SURFACES } from '../../prompt/surface.js';
import { defineTool } from '../define.js';
import { functionPayload } from '../services/functions/function-payload.js';
import { FunctionOutput } from './outputs.js';

export const listCustomFunctions = defineTool({
  name: 'list_custom_functions',
  title: 'List custom functions',
  description: 'Custom functions by name, header values masked; surface filters to those callable there.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    surface: Type.Optional(Type.Enum([...SURFACES])),
    is_enabled: Type.Optional(Type.Boolean()),
    ...PagingArgs,
  }),
  output: pageOutput('functions', FunctionOutput),
  handler: async ({ surface, is_enabled, limit = 20, offset = 0 }, { services }) => {
    const { rows, count } = await services.advancedCustomFunctions.list({ surface, is_enabled }, { limit, offset });
    return pageOf('functions', rows.map(functionPayload), count, { limit, offset });
  },
});
