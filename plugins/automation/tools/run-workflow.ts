import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { runPayload } from '../services/runs/run-payload.js';
import { workflowIdArg } from './args.js';
import { RunOutput } from './outputs.js';

export const runWorkflow = defineTool({
  name: 'run_workflow',
  title: 'Run a workflow for a customer',
  description:
    'Starts a workflow (active or draft) for one customer now, with its input variables; once-per-contact and cooldown do not apply. Follow it with get_chatapp_workflow_run.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    workflow_id: workflowIdArg(),
    phone: Type.String({ description: 'The customer.' }),
    variables: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 1000 }))),
  }),
  output: Type.Object({ run: RunOutput }),
  handler: async ({ workflow_id, phone, variables }, { services }) => ({
    run: runPayload(await services.automationRunsService.startManual(workflow_id, phone, variables ?? {})),
  }),
});
