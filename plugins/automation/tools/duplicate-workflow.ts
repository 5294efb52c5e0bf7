import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { workflowPayload } from '../services/workflows/workflow-payload.js';
import { workflowIdArg } from './args.js';
import { WorkflowOutput } from './outputs.js';

export const duplicateWorkflow = defineTool({
  name: 'duplicate_workflow',
  title: 'Duplicate a workflow',
  description: "A draft copy of a workflow's current definition.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    workflow_id: workflowIdArg(),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  }),
  output: Type.Object({ workflow: WorkflowOutput }),
  handler: async ({ workflow_id, name }, { services }) => ({
    workflow: workflowPayload(await services.automationWorkflowsService.duplicate(workflow_id, name)),
  }),
});
