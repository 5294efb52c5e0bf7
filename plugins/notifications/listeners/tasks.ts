import { formatShopTime, type EventHandler } from '../../../core/index.js';
import type { TasksAssigned, TasksReminderDue } from '../../tasks/surface.js';
import { OWNER } from '../entities/values.js';

const dueText = (dueAt: string | null, zone: string) =>
  dueAt ? `Due ${formatShopTime(new Date(dueAt), zone).slice(0, 16)}` : null;

/** The agent a task was given to is told; unassigning tells nobody. */
export const onTaskAssigned: EventHandler<TasksAssigned> = async (e, { services, shop }) => {
  if (e.agent_id === null) return;
  await services.notificationsService.notify({
    recipients: [e.agent_id],
    type: 'task_assigned',
    title: `Task assigned to you: ${e.title}`,
    body: dueText(e.due_at, shop.timezone),
    resource: { type: 'task', id: e.task_id },
    dedupeKey: `task:${e.task_id}`,
  });
};

/** A task's reminder goes to its agent, or to the owner when nobody has it. */
export const onTaskReminderDue: EventHandler<TasksReminderDue> = async (e, { services, shop }) => {
  await services.notificationsService.notify({
    recipients: [e.assigned_agent_id ?? OWNER],
    type: 'task_due',
    title: `Task due: ${e.title}`,
    body: [dueText(e.due_at, shop.timezone), e.phone && `Customer ${e.phone}`].filter(Boolean).join('. '),
    resource: { type: 'task', id: e.task_id },
    dedupeKey: `task:${e.task_id}`,
  });
};
