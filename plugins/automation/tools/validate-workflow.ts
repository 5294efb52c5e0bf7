import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { checkForShop } from '../services/workflows/definition-check.js';
import { workflowOrDefinitionArgs } from './args.js';
import { ValidationOutput } from './outputs.js';

export const validateWorkflow = defineTool({
  name: 'validate_workflow',
  title: 'Validate a workflow',
  description:
    'Checks a stored workflow or a definition without saving: errors at their paths, and warnings (unreachable steps).',
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
