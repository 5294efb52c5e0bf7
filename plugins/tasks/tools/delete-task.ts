import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { taskArgs } from './args.js';

export const deleteTask = defineTool({
  name: 'delete_task',
  title: 'Delete task',
  description: 'Deletes a task and its comments.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ task_id: taskArgs.task_id }),
  output: Type.Object({ deleted: Type.Literal(true), id: Type.Integer() }),
  handler: async ({ task_id }, { services }) => services.tasksService.delete(task_id),
});
