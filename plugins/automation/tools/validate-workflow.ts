import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { checkForShop } from '../services/workflows/definition-check.js';
import { workflowOrDefinitionArgs } from './args.js';
import { ValidationOutput } from './outputs.js';

export const validateWorkflow = defineTool({
  name: 'validate_workflow',
  title: 'Validate a workflow',
  description:
    'Checks a stored workflow (workflow_id) or a definition ({ trigger, steps, settings }) without saving: every error at its JSON path, and warnings (steps never reached).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object(workflowOrDefinitionArgs()),
  output: ValidationOutput,
  handler: async ({ workflow_id, definition }, { services }) => {
    const { raw, selfId } = await services.automationWorkflowsService.subject(workflow_id, definition);
    const { valid, errors, warnings } = await checkForShop(services, raw, selfId);
    return { valid, errors, warnings };
  },
});
