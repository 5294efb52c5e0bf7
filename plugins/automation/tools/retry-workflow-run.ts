import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { runPayload } from '../services/runs/run-payload.js';
import { runIdArg } from './args.js';
import { RunOutput } from './outputs.js';

export const retryWorkflowRun = defineTool({
  name: 'retry_workflow_run',
  title: 'Retry a failed workflow run',
  description: 'Restarts a failed run at the failed step, on its version; what was sent is not sent again.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({ run_id: runIdArg() }),
  output: Type.Object({ run: RunOutput }),
  handler: async ({ run_id }, { services }) => ({
    run: runPayload(await services.automationRunsService.retry(run_id)),
  }),
});
