/** The task vocabulary (ours: the spec names the group only). */
export const TASK_TYPES: ['call', 'message', 'follow_up', 'meeting', 'other'] = [
  'call',
  'message',
  'follow_up',
  'meeting',
  'other',
];
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_PRIORITIES: ['low', 'normal', 'high', 'urgent'] = ['low', 'normal', 'high', 'urgent'];
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** open → in_progress → done; cancelled; done and cancelled reopen to open. */
export const TASK_STATUSES: ['open', 'in_progress', 'done', 'cancelled'] = ['open', 'in_progress', 'done', 'cancelled'];
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Statuses in which a task still waits for someone: reminders and overdue apply. */
export const PENDING_STATUSES: TaskStatus[] = ['open', 'in_progress'];

export const FREQUENCIES: ['daily', 'weekly', 'monthly'] = ['daily', 'weekly', 'monthly'];
export type Frequency = (typeof FREQUENCIES)[number];

/**
 * How a task repeats: completing it creates the next one. `weekdays` (0 = Sunday) for weekly,
 * `day_of_month` for monthly (clamped to short months); both default to the due date's own.
 */
export interface Recurrence {
  frequency: Frequency;
  interval?: number;
  weekdays?: number[];
  day_of_month?: number;
}
