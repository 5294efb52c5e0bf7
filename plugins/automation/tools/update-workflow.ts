import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import type { Step, Trigger, WorkflowSettings } from '../services/definition/definition.js';
import { workflowPayload } from '../services/workflows/workflow-payload.js';
import { definitionArgs, workflowIdArg } from './args.js';
import { WorkflowOutput } from './outputs.js';

const d = definitionArgs();

export const updateWorkflow = defineTool({
  name: 'update_workflow',
  title: 'Update a workflow',
  description:
    'A new trigger, steps (the whole list) or settings make a new, fully checked version; running runs finish on their own version.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    workflow_id: workflowIdArg(),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    trigger: Type.Optional(d.trigger),
    steps: Type.Optional(d.steps),
    settings: Type.Optional(d.settings),
  }),
  output: Type.Object({ workflow: WorkflowOutput, new_version: Type.Boolean() }),
  handler: async ({ workflow_id, ...changes }, { services }) => {
    const { workflow, newVersion } = await services.automationWorkflowsService.update(workflow_id, {
      ...changes,
      trigger: changes.trigger as Trigger | undefined,
      steps: changes.steps as Step[] | undefined,
      settings: changes.settings as WorkflowSettings | undefined,
    });
    return { workflow: workflowPayload(workflow), new_version: newVersion };
  },
});
