import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { taskArgs } from './args.js';
import { TaskOutput } from './outputs.js';

export const bulkUpdateTasks = defineTool({
  name: 'bulk_update_tasks',
  title: 'Bulk update tasks',
  description: 'Applies one change (status, agent, due time) to up to 100 tasks, all or nothing.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    task_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 100 }),
    status: Type.Optional(taskArgs.status),
    assigned_agent_id: Type.Optional(taskArgs.assigned_agent_id),
    due_at: Type.Optional(Nullable(taskArgs.due_at)),
  }),
  output: Type.Object({ tasks: Type.Array(TaskOutput), updated: Type.Integer() }),
  handler: async ({ task_ids, ...changes }, { services }) => services.tasksService.bulkUpdate(task_ids, changes),
});
