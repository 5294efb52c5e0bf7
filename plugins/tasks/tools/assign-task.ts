import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { taskArgs } from './args.js';
import { TaskResult } from './outputs.js';

export const assignTask = defineTool({
  name: 'assign_task',
  title: 'Assign task',
  description: 'Gives the task to an agent (notified), or to nobody with assigned_agent_id 0.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ task_id: taskArgs.task_id, assigned_agent_id: taskArgs.assigned_agent_id }),
  output: TaskResult,
  handler: async ({ task_id, assigned_agent_id }, { services }) => ({
    task: await services.tasksService.assign(task_id, assigned_agent_id),
  }),
});
