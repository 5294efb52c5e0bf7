import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { runPayload } from '../services/runs/run-payload.js';
import { runIdArg } from './args.js';
import { RunOutput } from './outputs.js';

export const retryWorkflowRun = defineTool({
  name: 'retry_workflow_run',
  title: 'Retry a failed workflow run',
  description:
    'Starts a failed run again at the step that failed, on its own version and with the same message keys: what was already sent is not sent again.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({ run_id: runIdArg() }),
  output: Type.Object({ run: RunOutput }),
  handler: async ({ run_id }, { services }) => ({
    run: runPayload(await services.automationRunsService.retry(run_id)),
  }),
});
