import { PagingArgs, Type, RangeBoundArg } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { taskArgs } from './args.js';
import { TaskPage } from './outputs.js';

export const listTasks = defineTool({
  name: 'list_tasks',
  title: 'List tasks',
  description: 'Tasks, soonest due first (undated last).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(taskArgs.status),
    assigned_agent_id: Type.Optional(taskArgs.assigned_agent_id),
    phone: Type.Optional(taskArgs.phone),
    ticket_id: Type.Optional(taskArgs.ticket_id),
    type: Type.Optional(taskArgs.type),
    priority: Type.Optional(taskArgs.priority),
    due_after: Type.Optional(RangeBoundArg('Due at or after this.')),
    due_before: Type.Optional(RangeBoundArg('Due before this, or within this day.')),
    overdue_only: Type.Boolean({ default: false }),
    ...PagingArgs,
  }),
  output: TaskPage,
  handler: async ({ limit, offset, ...filters }, { services }) =>
    services.tasksService.list(filters, { limit: limit!, offset: offset! }),
});
