import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { taskArgs } from './args.js';
import { CommentOutput } from './outputs.js';

export const addTaskComment = defineTool({
  name: 'add_task_comment',
  title: 'Add task comment',
  description: 'Adds a comment to a task, by an agent (agent_id) or else by the owner or the assistant.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    task_id: taskArgs.task_id,
    body: Type.String({ minLength: 1, maxLength: 5000 }),
    agent_id: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  output: Type.Object({ comment: CommentOutput }),
  handler: async ({ task_id, body, agent_id }, { services }) => ({
    comment: await services.tasksService.addComment(task_id, body, agent_id),
  }),
});
