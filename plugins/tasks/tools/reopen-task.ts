import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { taskArgs } from './args.js';
import { TaskResult } from './outputs.js';

export const reopenTask = defineTool({
  name: 'reopen_task',
  title: 'Reopen task',
  description: 'Puts a done or cancelled task back to open, clearing its completion.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({ task_id: taskArgs.task_id }),
  output: TaskResult,
  handler: async ({ task_id }, { services }) => ({ task: await services.tasksService.reopen(task_id) }),
});
