import { pageOutput, PagingArgs, Type, RangeBoundArg } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { RUN_STATUSES } from '../entities/values.js';
import { RunOutput } from './outputs.js';

export const listChatappWorkflowRuns = defineTool({
  name: 'list_chatapp_workflow_runs',
  title: 'List workflow runs',
  description: 'Runs of workflows and auto-reply rules, newest first, with status, current step and error.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    workflow_id: Type.Optional(Type.Integer({ minimum: 1 })),
    status: Type.Optional(Type.Union(RUN_STATUSES.map((s) => Type.Literal(s)))),
    phone: Type.Optional(Type.String()),
    date_from: Type.Optional(RangeBoundArg()),
    date_to: Type.Optional(RangeBoundArg()),
    ...PagingArgs,
  }),
  output: pageOutput('runs', RunOutput),
  handler: async ({ limit = 20, offset = 0, ...filters }, { services }) =>
    services.automationRunsService.list(filters, { limit, offset }),
});
