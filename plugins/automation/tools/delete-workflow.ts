import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { workflowPayload } from '../services/workflows/workflow-payload.js';
import { workflowIdArg } from './args.js';
import { WorkflowOutput } from './outputs.js';

export const deleteWorkflow = defineTool({
  name: 'delete_workflow',
  title: 'Delete a workflow',
  description:
    'Deletes one workflow and its versions, cancelling its live runs; finished runs stay. For several use bulk_delete_workflows.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ workflow_id: workflowIdArg() }),
  output: Type.Object({ deleted: Type.Literal(true), workflow: WorkflowOutput, cancelled_runs: Type.Integer() }),
  handler: async ({ workflow_id }, { services }) => {
    const { workflow, cancelledRuns } = await services.automationWorkflowsService.delete(workflow_id);
    return { deleted: true as const, workflow: workflowPayload(workflow), cancelled_runs: cancelledRuns };
  },
});
