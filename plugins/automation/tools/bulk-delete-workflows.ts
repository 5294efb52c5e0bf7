import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const bulkDeleteWorkflows = defineTool({
  name: 'bulk_delete_workflows',
  title: 'Delete workflows',
  description:
    'Deletes workflows with their versions, cancelling their live runs; finished runs stay. Get the ids from list_chatapp_workflows and have the user agree to the list first.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  action: 'bulk',
  confirmation: 'user',
  input: Type.Object({
    workflow_ids: Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: 100,
      description: 'Workflow ids, no repeats.',
    }),
  }),
  precheck: async ({ workflow_ids }, { services }) => {
    await services.automationWorkflowsService.many(workflow_ids);
  },
  summary: async ({ workflow_ids }, { services }) =>
    `Delete ${workflow_ids.length} workflow${workflow_ids.length === 1 ? '' : 's'}: ${await services.automationWorkflowsService.describe(workflow_ids)}.`,
  output: Type.Object({
    deleted: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
    skipped: Type.Array(Type.Integer({ description: 'Ids already deleted when the user approved.' })),
    cancelled_runs: Type.Integer(),
  }),
  handler: async ({ workflow_ids }, { services }) => services.automationWorkflowsService.bulkDelete(workflow_ids),
});
