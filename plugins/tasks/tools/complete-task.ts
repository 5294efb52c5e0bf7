import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { taskArgs } from './args.js';
import { TaskResult } from './outputs.js';

export const completeTask = defineTool({
  name: 'complete_task',
  title: 'Complete task',
  description:
    'Marks an open or in-progress task done, with an optional note; a recurring task creates its next occurrence (next_task_id).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({ task_id: taskArgs.task_id, note: Type.Optional(Type.String({ maxLength: 5000 })) }),
  output: TaskResult,
  handler: async ({ task_id, note }, { services }) => ({ task: await services.tasksService.complete(task_id, note) }),
});
