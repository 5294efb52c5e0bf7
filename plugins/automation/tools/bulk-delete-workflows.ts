import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const bulkDeleteWorkflows = defineTool({
  name: 'bulk_delete_workflows',
  title: 'Delete workflows',
  description:
    'Deletes workflows and their versions; their live runs are cancelled, finished runs stay in the history. Get the ids with list_chatapp_workflows and have the user confirm the list first. Needs the user’s approval: the answer carries a confirmation_url for the user to open and approve. Stop after the first answer and ask the user to approve it there; a repeated call invalidates the earlier confirmation, and confirm: true does not execute it.',
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
