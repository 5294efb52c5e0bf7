import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { requireValid } from '../services/workflows/definition-check.js';
import type { Definition } from '../services/definition/definition.js';
import { workflowOrDefinitionArgs } from './args.js';
import { Loose } from './outputs.js';

export const testWorkflow = defineTool({
  name: 'test_workflow',
  title: 'Test a workflow',
  description:
    'Dry-runs a stored workflow or a definition against a simulated trigger event, with answers for its questions: whether the conditions hold and what each step would do. Nothing is sent, written or called; waits pass at once.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    ...workflowOrDefinitionArgs(),
    event: Type.Optional(
      Type.Object(
        {
          text: Type.Optional(Type.String({ maxLength: 4096 })),
          phone: Type.Optional(Type.String()),
          media_type: Type.Optional(Type.String({ maxLength: 100 })),
          tag: Type.Optional(Type.String({ maxLength: 50 })),
          variables: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 1000 }))),
        },
        { additionalProperties: false },
      ),
    ),
    answers: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 50 })),
  }),
  output: Type.Object({
    trigger_matched: Type.Boolean(),
    status: Type.String({
      description: 'completed, failed, or not_triggered (the trigger does not match the event: nothing ran).',
    }),
    error: Type.Optional(Loose),
    trace: Type.Array(Loose),
    actions: Type.Array(Loose),
    variables: Type.Record(Type.String(), Type.String()),
    unused_answers: Type.Array(Type.String()),
    note: Type.String(),
  }),
  handler: async ({ workflow_id, definition, event, answers }, { services }) => {
    const { raw, selfId } = await services.automationWorkflowsService.subject(workflow_id, definition);
    const checked = selfId === null ? await requireValid(services, raw, null) : (raw as Definition);
    return services.automationSimulator.simulate(checked, event ?? {}, answers ?? []);
  },
});
