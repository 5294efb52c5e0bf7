import { stateTable } from '../../../core/index.js';
import type { TaskStatus } from '../entities/values.js';

/** Which status each change may start from; the same for one task and for a bulk update. */
export const taskStatus = stateTable<TaskStatus, 'start' | 'complete' | 'cancel' | 'reopen' | 'stop'>({
  record: 'Task',
  allowedFrom: {
    start: ['open'],
    stop: ['in_progress'],
    complete: ['open', 'in_progress'],
    cancel: ['open', 'in_progress'],
    reopen: ['done', 'cancelled'],
  },
  done: {
    start: 'started',
    stop: 'put back to open',
    complete: 'completed',
    cancel: 'cancelled',
    reopen: 'reopened',
  },
});

/** The change that takes a task to `target`, or none when it is there already. */
export function actionTo(current: TaskStatus, target: TaskStatus) {
  if (current === target) return null;
  if (target === 'in_progress') return 'start' as const;
  if (target === 'done') return 'complete' as const;
  if (target === 'cancelled') return 'cancel' as const;
  return current === 'in_progress' ? ('stop' as const) : ('reopen' as const);
}
