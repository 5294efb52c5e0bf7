import { definePlugin } from '../../core/index.js';
import { TasksConfig } from './config.js';
import { tasksErrors } from './errors.js';
import { Task } from './entities/task.entity.js';
import { TaskComment } from './entities/task-comment.entity.js';
import { TasksInit } from './migrations/0001-init.js';
import { TasksTenantIndexesCovered } from './migrations/0002-tenant-indexes-covered.js';
import { TasksService } from './services/tasks-service.js';
import { TaskRemindersService } from './services/task-reminders-service.js';
import { sendTaskReminders } from './jobs/send-task-reminders.js';
import { createTask } from './tools/create-task.js';
import { listTasks } from './tools/list-tasks.js';
import { getTask } from './tools/get-task.js';
import { updateTask } from './tools/update-task.js';
import { assignTask } from './tools/assign-task.js';
import { completeTask } from './tools/complete-task.js';
import { reopenTask } from './tools/reopen-task.js';
import { deleteTask } from './tools/delete-task.js';
import { addTaskComment } from './tools/add-task-comment.js';
import { bulkUpdateTasks } from './tools/bulk-update-tasks.js';
import { getTaskSummary } from './tools/get-task-summary.js';

/**
 * tasks: agents' to-dos linked to customers (phone) and tickets — due times, reminders sent once
 * by a job (tasks.reminder_due, which notifications turns into the assignee's task_due),
 * priorities, recurrence (completing creates the next occurrence), comments, atomic bulk updates
 * and a per-agent summary.
 */
export default definePlugin({
  name: 'tasks',
  version: '1.0.0',
  description:
    'Agents’ to-dos about customers and tickets: due times, reminders, recurrence, comments, bulk changes and a per-agent summary.',
  kernel: '^1.0.0',
  servicePrefix: 'task',
  dependencies: ['agents'],
  optionalDependencies: ['tickets'],
  configSchema: TasksConfig,
  entities: [Task, TaskComment],
  migrations: [
    { name: '0001-init', class: TasksInit },
    { name: '0002-tenant-indexes-covered', class: TasksTenantIndexesCovered },
  ],
  services: { tasksService: TasksService, taskRemindersService: TaskRemindersService },
  errors: tasksErrors,
  tools: [
    createTask,
    listTasks,
    getTask,
    updateTask,
    assignTask,
    completeTask,
    reopenTask,
    deleteTask,
    addTaskComment,
    bulkUpdateTasks,
    getTaskSummary,
  ],
  jobs: [sendTaskReminders],
  on: {
    'customers.merged': (payload, { services }) => services.tasksService.customersMerged(payload),
    'agents.deleted': ({ agent_id }, { services }) => services.tasksService.agentDeleted(agent_id),
  },
});
