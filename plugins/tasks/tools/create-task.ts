import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { newTaskArgs, taskArgs } from './args.js';
import { TaskResult } from './outputs.js';

export const createTask = defineTool({
  name: 'create_task',
  title: 'Create task',
  description:
    'A to-do for an agent (or nobody yet) about a customer and/or a ticket, with a due time, a reminder and an optional recurrence. The assignee is notified.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    title: taskArgs.title,
    description: Type.Optional(taskArgs.description),
    type: Type.Optional(newTaskArgs.type),
    priority: Type.Optional(newTaskArgs.priority),
    due_at: Type.Optional(taskArgs.due_at),
    reminder_minutes: Type.Optional(taskArgs.reminder_minutes),
    assigned_agent_id: Type.Optional(taskArgs.assigned_agent_id),
    phone: Type.Optional(taskArgs.phone),
    ticket_id: Type.Optional(taskArgs.ticket_id),
    recurrence: Type.Optional(taskArgs.recurrence),
  }),
  output: TaskResult,
  handler: async (args, { services }) => ({ task: await services.tasksService.create(args) }),
});
