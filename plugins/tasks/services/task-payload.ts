import { formatShopTime, isoOrNull } from '../../../core/index.js';
import type { Task } from '../entities/task.entity.js';
import type { TaskComment } from '../entities/task-comment.entity.js';
import { PENDING_STATUSES } from '../entities/values.js';
import type { CommentPayload, TaskPayload } from '../tools/outputs.js';

export function taskPayload(t: Task, zone: string, now = Date.now()): TaskPayload {
  return {
    id: t.id,
    title: t.title,
    description: t.description ?? null,
    type: t.type,
    priority: t.priority,
    status: t.status,
    due_at: isoOrNull(t.dueAt),
    due_local: t.dueAt ? formatShopTime(t.dueAt, zone) : null,
    overdue: !!t.dueAt && t.dueAt.getTime() < now && PENDING_STATUSES.includes(t.status),
    reminder_minutes: t.reminderMinutes ?? null,
    reminder_at: isoOrNull(t.reminderAt),
    reminder_sent: t.reminderSentAt != null,
    assigned_agent_id: t.assignedAgentId ?? null,
    phone: t.phone ?? null,
    ticket_id: t.ticketId ?? null,
    recurrence: t.recurrence ?? null,
    next_task_id: t.nextTaskId ?? null,
    completed_at: isoOrNull(t.completedAt),
    completion_note: t.completionNote ?? null,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

export const commentPayload = (c: TaskComment): CommentPayload => ({
  id: c.id,
  agent_id: c.agentId ?? null,
  body: c.body,
  created_at: c.createdAt.toISOString(),
});
