import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { taskArgs } from './args.js';
import { TaskResult } from './outputs.js';

export const updateTask = defineTool({
  name: 'update_task',
  title: 'Update task',
  description:
    "Changes a task. A new due time or offset reschedules the reminder. done creates a recurring task's next occurrence; done and cancelled reopen only to open.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    task_id: taskArgs.task_id,
    title: Type.Optional(taskArgs.title),
    description: Type.Optional(Nullable(taskArgs.description)),
    type: Type.Optional(taskArgs.type),
    priority: Type.Optional(taskArgs.priority),
    status: Type.Optional(taskArgs.status),
    due_at: Type.Optional(Nullable(taskArgs.due_at)),
    reminder_minutes: Type.Optional(Nullable(taskArgs.reminder_minutes)),
    assigned_agent_id: Type.Optional(taskArgs.assigned_agent_id),
    phone: Type.Optional(Nullable(taskArgs.phone)),
    ticket_id: Type.Optional(Nullable(taskArgs.ticket_id)),
    recurrence: Type.Optional(Nullable(taskArgs.recurrence)),
  }),
  output: TaskResult,
  handler: async ({ task_id, ...changes }, { services }) => ({
    task: await services.tasksService.update(task_id, changes),
  }),
});
