import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { runIdArg } from './args.js';
import { Loose, RunOutput } from './outputs.js';

export const getChatappWorkflowRun = defineTool({
  name: 'get_chatapp_workflow_run',
  title: 'Get a workflow run',
  description: 'A run with its step log (outcome, exit, message sent, error), variables and trigger.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ run_id: runIdArg() }),
  output: Type.Object({
    run: Type.Object({ ...RunOutput.properties, variables: Type.Record(Type.String(), Type.String()), trigger: Loose }),
    steps: Type.Array(
      Type.Object({
        seq: Type.Integer(),
        step_id: Type.String(),
        type: Type.String(),
        visit: Type.Integer(),
        outcome: Type.String({ description: 'ok, failed or waiting.' }),
        message_id: Nullable(Type.Integer()),
        detail: Loose,
        at: Type.String(),
      }),
    ),
    messages_sent: Type.Integer(),
  }),
  handler: async ({ run_id }, { services }) => services.automationRunsService.detail(run_id),
});
