import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { workflowIdArg } from './args.js';
import { Loose, ValidationOutput, WorkflowOutput } from './outputs.js';

export const getWorkflow = defineTool({
  name: 'get_workflow',
  title: 'Get a workflow',
  description: 'A workflow with its definition, whether it validates now, and its runs by status.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ workflow_id: workflowIdArg() }),
  output: Type.Object({
    workflow: Type.Object({ ...WorkflowOutput.properties, definition: Loose }),
    validation: ValidationOutput,
    runs: Type.Record(Type.String(), Type.Integer()),
  }),
  handler: async ({ workflow_id }, { services }) => services.automationWorkflowsService.detail(workflow_id),
});
