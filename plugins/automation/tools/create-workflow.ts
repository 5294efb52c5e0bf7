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
    'A workflow: one trigger (with conditions), steps run in order (send_message, ask_question, branch, wait, add_tag, create_ticket, http_request, ai_reply…; get_automation_catalog has them all) and settings. The whole definition is checked first; every problem comes back at its JSON path (steps[2].params.text). Created as a draft unless enabled is true. Steps that message the customer go through the send path: opt-outs, the contact window and credits apply.',
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
