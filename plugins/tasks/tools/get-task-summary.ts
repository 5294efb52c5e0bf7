import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { taskArgs } from './args.js';

const Counts = Type.Object(
  {
    agent_id: Type.Integer({ description: '0: tasks nobody has.' }),
    open: Type.Integer(),
    in_progress: Type.Integer(),
    overdue: Type.Integer(),
    due_today: Type.Integer(),
    done_this_week: Type.Integer(),
  },
  { additionalProperties: false },
);

export const getTaskSummary = defineTool({
  name: 'get_task_summary',
  title: 'Get task summary',
  description:
    "Per agent (0: unassigned): open, in progress, overdue, due today and done this week, on the shop's clock.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ assigned_agent_id: Type.Optional(taskArgs.assigned_agent_id) }),
  output: Type.Object({ agents: Type.Array(Counts), today: Type.String(), week_start: Type.String() }),
  handler: async ({ assigned_agent_id }, { services }) => services.tasksService.summary(assigned_agent_id),
});
