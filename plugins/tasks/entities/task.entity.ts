import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES, type Recurrence } from './values.js';

/**
 * An agent's to-do, linked to a customer's phone and/or a ticket. `reminderAt` is `dueAt` minus
 * the reminder offset; the reminder job claims it once (`reminderSentAt`). A completed recurring
 * task points at the occurrence it created (`nextTaskId`), so completing it again after a reopen
 * creates no second one.
 */
export const Task = defineEntity({
  name: 'Task',
  tableName: 'tasks',
  indexes: [
    { properties: ['shopId', 'status', 'dueAt'] },
    { properties: ['shopId', 'assignedAgentId'] },
    { properties: ['shopId', 'phone'] },
    {
      name: 'tasks_reminder_due_index',
      expression: `create index "tasks_reminder_due_index" on "tasks" ("reminder_at") where "reminder_sent_at" is null and "status" in ('open', 'in_progress')`,
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    title: p.string().length(200),
    description: p.text().nullable(),
    type: p.enum(TASK_TYPES),
    priority: p.enum(TASK_PRIORITIES),
    status: p.enum(TASK_STATUSES),
    dueAt: p.datetime().nullable(),
    reminderMinutes: p.integer().nullable(),
    reminderAt: p.datetime().nullable(),
    reminderSentAt: p.datetime().nullable(),
    assignedAgentId: p.integer().nullable(),
    phone: p.string().length(20).nullable(),
    ticketId: p.integer().nullable(),
    recurrence: p.json<Recurrence>().nullable(),
    nextTaskId: p.integer().nullable(),
    completedAt: p.datetime().nullable(),
    completionNote: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Task = InferEntity<typeof Task>;
