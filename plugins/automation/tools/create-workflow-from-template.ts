import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import type { Trigger, WorkflowSettings } from '../services/definition/definition.js';
import { workflowPayload } from '../services/workflows/workflow-payload.js';
import { fromTemplate } from '../services/workflows/template-overrides.js';
import { Loose, WorkflowOutput } from './outputs.js';

export const createWorkflowFromTemplate = defineTool({
  name: 'create_workflow_from_template',
  title: 'Create a workflow from a template',
  description:
    'A draft workflow from a template (list_workflow_templates); overrides replace step texts (by step id), the trigger or settings.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    template_key: Type.String({ minLength: 1, maxLength: 60 }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    overrides: Type.Optional(
      Type.Object(
        {
          texts: Type.Optional(Type.Record(Type.String(), Type.String({ minLength: 1, maxLength: 4096 }))),
          trigger: Type.Optional(Loose),
          settings: Type.Optional(Loose),
        },
        { additionalProperties: false },
      ),
    ),
  }),
  output: Type.Object({ workflow: WorkflowOutput }),
  handler: async ({ template_key, name, overrides }, { services }) => {
    const { template, definition } = fromTemplate(template_key, {
      texts: overrides?.texts,
      trigger: overrides?.trigger as Trigger | undefined,
      settings: overrides?.settings as WorkflowSettings | undefined,
    });
    return {
      workflow: workflowPayload(
        await services.automationWorkflowsService.create({
          name: name ?? template.name,
          description: template.description,
          ...definition,
        }),
      ),
    };
  },
});
