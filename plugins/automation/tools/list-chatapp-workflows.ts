import { pageOutput, PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { WORKFLOW_STATUSES } from '../entities/values.js';
import { TRIGGER_TYPES } from '../services/definition/definition.js';
import { WorkflowOutput } from './outputs.js';

export const listChatappWorkflows = defineTool({
  name: 'list_chatapp_workflows',
  title: 'List workflows',
  description: 'Workflows with status (and why paused), trigger, version and live runs.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(Type.Union(WORKFLOW_STATUSES.map((s) => Type.Literal(s)))),
    trigger_type: Type.Optional(Type.Union(TRIGGER_TYPES.map((t) => Type.Literal(t)))),
    query: Type.Optional(Type.String({ minLength: 1, maxLength: 120, description: 'Part of the name.' })),
    ...PagingArgs,
  }),
  output: pageOutput('workflows', Type.Object({ ...WorkflowOutput.properties, live_runs: Type.Integer() })),
  handler: async ({ limit = 20, offset = 0, ...filters }, { services }) =>
    services.automationWorkflowsService.list(filters, { limit, offset }),
});
