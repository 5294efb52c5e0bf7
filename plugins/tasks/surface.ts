/** The tasks group as other groups see it: its services and its events. Types only. */
import type { TasksService } from './services/tasks-service.js';
import type { TaskRemindersService } from './services/task-reminders-service.js';

export type { TasksService };

/** Fired when a task is created (also by a recurring task's completion). Times ISO 8601 UTC. */
export interface TasksCreated {
  task_id: number;
  title: string;
  assigned_agent_id: number | null;
  phone: string | null;
  ticket_id: number | null;
  due_at: string | null;
}

/** Fired when a task's agent changes, including a task created with an agent. */
export interface TasksAssigned {
  task_id: number;
  title: string;
  /** null: unassigned. */
  agent_id: number | null;
  previous_agent_id: number | null;
  due_at: string | null;
}

/** Fired when a task is completed; `next_task_id` is the occurrence a recurring task created. */
export interface TasksCompleted {
  task_id: number;
  title: string;
  phone: string | null;
  ticket_id: number | null;
  next_task_id: number | null;
}

/** Fired once per task when its reminder time (due_at minus reminder_minutes) comes while it is pending. */
export interface TasksReminderDue {
  task_id: number;
  title: string;
  assigned_agent_id: number | null;
  phone: string | null;
  due_at: string;
}

declare module '../../core/index.js' {
  interface GroupServices {
    tasksService: TasksService;
    taskRemindersService: TaskRemindersService;
  }
  interface EventMap {
    'tasks.created': TasksCreated;
    'tasks.assigned': TasksAssigned;
    'tasks.completed': TasksCompleted;
    'tasks.reminder_due': TasksReminderDue;
  }
}
