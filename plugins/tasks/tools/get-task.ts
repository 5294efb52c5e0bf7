import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { taskArgs } from './args.js';
import { CommentOutput, TaskOutput } from './outputs.js';

export const getTask = defineTool({
  name: 'get_task',
  title: 'Get task',
  description: 'One task with its comments, oldest first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ task_id: taskArgs.task_id }),
  output: Type.Object({ task: TaskOutput, comments: Type.Array(CommentOutput) }),
  handler: async ({ task_id }, { services }) => services.tasksService.get(task_id),
});
