import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { WorkflowOutput } from './outputs.js';

export const bulkToggleWorkflows = defineTool({
  name: 'bulk_toggle_workflows',
  title: 'Enable or disable workflows',
  description:
    'Enables (active) or disables (paused) workflows, all or none: an unknown id or an invalid definition changes nothing and is named. A paused workflow starts no runs and holds its waiting ones.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  action: 'bulk',
  input: Type.Object({
    workflow_ids: Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: 100,
      description: 'Workflow ids, no repeats.',
    }),
    enabled: Type.Boolean(),
  }),
  output: Type.Object({
    changed: Type.Array(Type.Integer()),
    unchanged: Type.Array(Type.Integer()),
    workflows: Type.Array(WorkflowOutput),
  }),
  handler: async ({ workflow_ids, enabled }, { services }) =>
    services.automationWorkflowsService.toggle(workflow_ids, enabled),
});
