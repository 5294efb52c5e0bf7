import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { runPayload } from '../services/runs/run-payload.js';
import { runIdArg } from './args.js';
import { RunOutput } from './outputs.js';

export const cancelWorkflowRun = defineTool({
  name: 'cancel_workflow_run',
  title: 'Cancel a workflow run',
  description: 'Stops a queued, running or waiting run; what it already did stays done.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ run_id: runIdArg() }),
  output: Type.Object({ run: RunOutput }),
  handler: async ({ run_id }, { services }) => ({
    run: runPayload(await services.automationRunsService.cancel(run_id)),
  }),
});
