import { Type, DateTimeArg } from '../../../core/index.js';
import { TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES } from '../entities/values.js';
import { RecurrenceShape } from './outputs.js';

const literals = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { ...(description !== undefined && { description }) },
  );

/** The fields create_task, update_task and bulk_update_tasks share, so they validate alike. */
export const taskArgs = {
  task_id: Type.Integer({ minimum: 1 }),
  title: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.String({ maxLength: 5000 }),
  type: literals(TASK_TYPES),
  priority: literals(TASK_PRIORITIES),
  status: literals(TASK_STATUSES),
  due_at: DateTimeArg('When it is due.'),
  reminder_minutes: Type.Integer({
    minimum: 0,
    maximum: 10_080,
    description: 'Minutes before due_at to remind the assignee (or the owner).',
  }),
  assigned_agent_id: Type.Integer({ minimum: 0, description: 'Agent id; 0 leaves it unassigned.' }),
  phone: Type.String({ minLength: 1, maxLength: 32, description: 'The customer it is about.' }),
  ticket_id: Type.Integer({ minimum: 1 }),
  recurrence: RecurrenceShape,
};

/** create_task's type and priority, with the defaults a new task takes (an update keeps the task's own). */
export const newTaskArgs = {
  type: literals(TASK_TYPES, 'Default other.'),
  priority: literals(TASK_PRIORITIES, 'Default normal.'),
};
