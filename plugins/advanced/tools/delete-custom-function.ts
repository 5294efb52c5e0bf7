import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const deleteCustomFunction = defineTool({
  name: 'delete_custom_function',
  title: 'Delete custom function',
  description: 'Deletes a custom function so the assistant can no longer call it; its call log ages out in 30 days.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ function_id: Type.Integer({ minimum: 1 }) }),
  output: Type.Object({ deleted: Type.Boolean(), id: Type.Integer() }),
  handler: async ({ function_id }, { services }) => {
    await services.advancedCustomFunctions.delete(function_id);
    return { deleted: true, id: function_id };
  },
});
