import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { WORKFLOW_TEMPLATES } from '../services/workflows/workflow-templates.js';
import { Loose } from './outputs.js';

export const listWorkflowTemplates = defineTool({
  name: 'list_workflow_templates',
  title: 'List workflow templates',
  description:
    'Ready-made workflows (welcome, away, keyword menu, lead qualification, abandoned cart, review request, hand-over) with their definitions.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({
    templates: Type.Array(
      Type.Object({ key: Type.String(), name: Type.String(), description: Type.String(), definition: Loose }),
    ),
  }),
  handler: async () => ({ templates: WORKFLOW_TEMPLATES }),
});
