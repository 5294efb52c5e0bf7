import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import type { Step, Trigger, WorkflowSettings } from '../services/definition/definition.js';
import { workflowPayload } from '../services/workflows/workflow-payload.js';
import { definitionArgs } from './args.js';
import { WorkflowOutput } from './outputs.js';

const d = definitionArgs();

export const createWorkflow = defineTool({
  name: 'create_workflow',
  title: 'Create a workflow',
  description:
    'Creates a workflow: one trigger with conditions, steps and settings (see get_automation_catalog). The whole definition is checked; each problem is reported at its path. A draft unless enabled. Customer messages go through the send path (opt-outs, contact window, credits).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 120 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    trigger: d.trigger,
    steps: d.steps,
    settings: Type.Optional(d.settings),
    enabled: Type.Optional(Type.Boolean({ description: 'Default false (a draft).' })),
  }),
  output: Type.Object({ workflow: WorkflowOutput }),
  handler: async (args, { services }) => ({
    workflow: workflowPayload(
      await services.automationWorkflowsService.create({
        ...args,
        trigger: args.trigger as Trigger,
        steps: args.steps as Step[],
        ...(args.settings && { settings: args.settings as WorkflowSettings }),
      }),
    ),
  }),
});
