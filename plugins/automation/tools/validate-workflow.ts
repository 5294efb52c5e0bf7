import { invalidArguments, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { checkForShop } from '../services/workflows/definition-check.js';
import { ValidationOutput } from './outputs.js';

export const validateWorkflow = defineTool({
  name: 'validate_workflow',
  title: 'Validate a workflow',
  description:
    'Checks a stored workflow (workflow_id) or a definition ({ trigger, steps, settings }) without saving: every error at its JSON path, and warnings (steps never reached).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    workflow_id: Type.Optional(Type.Integer({ minimum: 1 })),
    definition: Type.Optional(
      Type.Unknown({ description: '{ trigger, steps, settings }, as create_workflow takes them.' }),
    ),
  }),
  output: ValidationOutput,
  handler: async ({ workflow_id, definition }, { services }) => {
    if ((workflow_id === undefined) === (definition === undefined))
      throw invalidArguments('Give exactly one of workflow_id or definition.', [
        { path: 'workflow_id', message: 'or definition, exactly one' },
      ]);
    const raw =
      workflow_id === undefined ? definition : (await services.automationWorkflowsService.get(workflow_id)).definition;
    const { valid, errors, warnings } = await checkForShop(services, raw, workflow_id ?? null);
    return { valid, errors, warnings };
  },
});
