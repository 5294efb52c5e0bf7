import {
  invalidArguments,
  notFound,
  pageOf,
  parseShopTime,
  type EntityManager,
  type Paging,
  type Services,
  parseShopDay,
} from '../../../core/index.js';
import { Task } from '../entities/task.entity.js';
import { TaskComment } from '../entities/task-comment.entity.js';
import {
  PENDING_STATUSES,
  type Recurrence,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
} from '../entities/values.js';
import { nextOccurrence, withDefaults } from './next-occurrence.js';
import { actionTo, taskStatus } from './task-status.js';
import { TaskLinks } from './task-links.js';
import { commentPayload, taskPayload } from './task-payload.js';
import { taskSummary } from './task-summary.js';

const MINUTE = 60_000;

export interface TaskFields {
  title?: string;
  description?: string | null;
  type?: TaskType;
  priority?: TaskPriority;
  due_at?: string | null;
  reminder_minutes?: number | null;
  assigned_agent_id?: number;
  phone?: string | null;
  ticket_id?: number | null;
  recurrence?: Recurrence | null;
}

export interface TaskFilters {
  status?: TaskStatus;
  assigned_agent_id?: number;
  phone?: string;
  ticket_id?: number;
  type?: TaskType;
  priority?: TaskPriority;
  due_before?: string;
  due_after?: string;
  overdue_only?: boolean;
}

/**
 * Agents' to-dos: create, read, change, assign, move through their statuses, repeat. Every write
 * runs in the call's transaction; events (created, assigned, completed) are emitted in it.
 */
export class TasksService {
  private readonly links: TaskLinks;

  constructor(private readonly deps: Services) {
    this.links = new TaskLinks(deps);
  }

  private get em(): EntityManager {
    return this.deps.em;
  }

  private get zone(): string {
    return this.deps.shop.timezone;
  }

  async create(input: TaskFields & { title: string }) {
    const task = this.em.create(Task, {
      title: this.title(input.title),
      description: input.description?.trim() || null,
      type: input.type ?? 'other',
      priority: input.priority ?? 'normal',
      status: 'open',
      dueAt: this.dueAt(input.due_at),
      reminderMinutes: input.reminder_minutes ?? null,
      assignedAgentId: await this.links.agent(input.assigned_agent_id),
      phone: this.links.phone(input.phone),
      ticketId: await this.links.ticket(input.ticket_id),
      recurrence: input.recurrence ?? null,
    } as Task);
    this.schedule(task);
    await this.em.flush();
    await this.announceCreated(task);
    return this.payload(task);
  }

  async get(id: number) {
    const task = await this.find(id);
    const comments = await this.em.find(TaskComment, { taskId: id }, { orderBy: { id: 'asc' } });
    return { task: this.payload(task), comments: comments.map(commentPayload) };
  }

  async list(filters: TaskFilters, paging: Paging) {
    const now = new Date();
    const due = {
      ...(filters.due_after && { $gte: parseShopDay(filters.due_after, this.zone, 'due_after', 'start') }),
      ...(filters.due_before && { $lt: parseShopDay(filters.due_before, this.zone, 'due_before', 'end') }),
      ...(filters.overdue_only && { $lt: now }),
    };
    const where = {
      ...(filters.status && { status: filters.status }),
      ...(filters.overdue_only && !filters.status && { status: { $in: PENDING_STATUSES } }),
      ...(filters.assigned_agent_id !== undefined && { assignedAgentId: filters.assigned_agent_id || null }),
      ...(filters.phone && { phone: this.links.phone(filters.phone) }),
      ...(filters.ticket_id && { ticketId: filters.ticket_id }),
      ...(filters.type && { type: filters.type }),
      ...(filters.priority && { priority: filters.priority }),
      ...(Object.keys(due).length > 0 && { dueAt: due }),
    };
    const [tasks, count] = await this.em.findAndCount(Task, where, {
      orderBy: { dueAt: 'asc nulls last', id: 'asc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf(
      'tasks',
      tasks.map((t) => taskPayload(t, this.zone, now.getTime())),
      count,
      paging,
    );
  }

  async update(id: number, changes: TaskFields & { status?: TaskStatus }) {
    if (Object.keys(changes).length === 0) throw invalidArguments('Nothing to change: give at least one field.');
    const task = await this.find(id);
    if (changes.title !== undefined) task.title = this.title(changes.title);
    if (changes.description !== undefined) task.description = changes.description?.trim() || null;
    if (changes.type) task.type = changes.type;
    if (changes.priority) task.priority = changes.priority;
    if (changes.phone !== undefined) task.phone = this.links.phone(changes.phone);
    if (changes.ticket_id !== undefined) task.ticketId = await this.links.ticket(changes.ticket_id);
    if (changes.recurrence !== undefined) task.recurrence = changes.recurrence;
    if (changes.due_at !== undefined) task.dueAt = this.dueAt(changes.due_at);
    if (changes.reminder_minutes !== undefined) task.reminderMinutes = changes.reminder_minutes;
    this.schedule(task);
    if (changes.assigned_agent_id !== undefined) await this.assignTask(task, changes.assigned_agent_id);
    if (changes.status) await this.moveTo(task, changes.status, null);
    await this.em.flush();
    return this.payload(task);
  }

  async assign(id: number, agentId: number) {
    const task = await this.find(id);
    await this.assignTask(task, agentId);
    await this.em.flush();
    return this.payload(task);
  }

  async complete(id: number, note: string | undefined) {
    const task = await this.find(id);
    taskStatus.assertCan('complete', task);
    await this.moveTo(task, 'done', note?.trim() || null);
    await this.em.flush();
    return this.payload(task);
  }

  async reopen(id: number) {
    const task = await this.find(id);
    taskStatus.assertCan('reopen', task);
    await this.moveTo(task, 'open', null);
    await this.em.flush();
    return this.payload(task);
  }

  async delete(id: number) {
    const task = await this.find(id);
    await this.em.nativeDelete(TaskComment, { taskId: id });
    await this.em.removeAndFlush(task);
    return { deleted: true as const, id };
  }

  async addComment(taskId: number, body: string, agentId: number | undefined) {
    await this.find(taskId);
    const text = body.trim();
    if (!text) throw invalidArguments('body must not be blank.', [{ path: 'body', message: 'must not be blank' }]);
    const comment = this.em.create(TaskComment, {
      taskId,
      agentId: await this.links.agent(agentId),
      body: text,
    } as TaskComment);
    await this.em.flush();
    return commentPayload(comment);
  }

  /**
   * The same changes to up to 100 tasks, all or nothing: an unknown id or a status one of them
   * cannot take fails the call and changes none (the call's one transaction).
   */
  async bulkUpdate(
    ids: number[],
    changes: { status?: TaskStatus; assigned_agent_id?: number; due_at?: string | null },
  ) {
    if (Object.keys(changes).length === 0)
      throw invalidArguments('Nothing to change: give status, assigned_agent_id or due_at.');
    const unique = [...new Set(ids)];
    const tasks = await this.em.find(Task, { id: { $in: unique } }, { orderBy: { id: 'asc' } });
    const missing = unique.find((id) => !tasks.some((t) => t.id === id));
    if (missing !== undefined) throw notFound('task', missing);
    const agentId =
      changes.assigned_agent_id === undefined ? undefined : await this.links.agent(changes.assigned_agent_id);
    const dueAt = changes.due_at === undefined ? undefined : this.dueAt(changes.due_at);
    for (const task of tasks) {
      if (dueAt !== undefined) {
        task.dueAt = dueAt;
        this.schedule(task);
      }
      if (agentId !== undefined) await this.assignTask(task, agentId ?? 0);
      if (changes.status) await this.moveTo(task, changes.status, null);
    }
    await this.em.flush();
    return { tasks: tasks.map((t) => this.payload(t)), updated: tasks.length };
  }

  async summary(agentId: number | undefined) {
    if (agentId) await this.links.agent(agentId);
    return taskSummary(this.em, this.deps.shop, agentId);
  }

  /** The next occurrence of a recurring task, created when it is completed (once). */
  private async spawnNext(task: Task): Promise<void> {
    if (!task.recurrence || !task.dueAt || task.nextTaskId) return;
    const next = this.em.create(Task, {
      title: task.title,
      description: task.description ?? null,
      type: task.type,
      priority: task.priority,
      status: 'open',
      dueAt: nextOccurrence(task.dueAt, task.recurrence, this.zone),
      reminderMinutes: task.reminderMinutes ?? null,
      assignedAgentId: task.assignedAgentId ?? null,
      phone: task.phone ?? null,
      ticketId: task.ticketId ?? null,
      recurrence: task.recurrence,
    } as Task);
    this.schedule(next);
    await this.em.flush();
    task.nextTaskId = next.id;
    await this.announceCreated(next);
  }

  private async moveTo(task: Task, target: TaskStatus, note: string | null): Promise<void> {
    const action = actionTo(task.status, target);
    if (!action) return;
    taskStatus.assertCan(action, task);
    task.status = target;
    if (target === 'done') {
      task.completedAt = new Date();
      task.completionNote = note;
      await this.spawnNext(task);
      await this.em.flush();
      await this.deps.events.emit('tasks.completed', {
        task_id: task.id,
        title: task.title,
        phone: task.phone ?? null,
        ticket_id: task.ticketId ?? null,
        next_task_id: task.nextTaskId ?? null,
      });
    } else if (action === 'reopen') {
      task.completedAt = null;
      task.completionNote = null;
    }
  }

  private async assignTask(task: Task, agentId: number): Promise<void> {
    const next = await this.links.agent(agentId);
    const previous = task.assignedAgentId ?? null;
    if (next === previous) return;
    task.assignedAgentId = next;
    await this.em.flush();
    await this.deps.events.emit('tasks.assigned', {
      task_id: task.id,
      title: task.title,
      agent_id: next,
      previous_agent_id: previous,
      due_at: task.dueAt ? task.dueAt.toISOString() : null,
    });
  }

  private async announceCreated(task: Task): Promise<void> {
    const due_at = task.dueAt ? task.dueAt.toISOString() : null;
    await this.deps.events.emit('tasks.created', {
      task_id: task.id,
      title: task.title,
      assigned_agent_id: task.assignedAgentId ?? null,
      phone: task.phone ?? null,
      ticket_id: task.ticketId ?? null,
      due_at,
    });
    if (task.assignedAgentId)
      await this.deps.events.emit('tasks.assigned', {
        task_id: task.id,
        title: task.title,
        agent_id: task.assignedAgentId,
        previous_agent_id: null,
        due_at,
      });
  }

  /**
   * Recomputes the reminder time from the due time and offset; a reminder whose time moved will
   * be sent again, at its new time. A recurrence or a reminder without a due time is refused.
   */
  private schedule(task: Task): void {
    if (!task.dueAt && task.recurrence)
      throw invalidArguments('A recurring task needs due_at.', [
        { path: 'due_at', message: 'required with recurrence' },
      ]);
    if (!task.dueAt && task.reminderMinutes != null)
      throw invalidArguments('A reminder needs due_at.', [
        { path: 'due_at', message: 'required with reminder_minutes' },
      ]);
    if (task.dueAt && task.recurrence) task.recurrence = withDefaults(task.recurrence, task.dueAt, this.zone);
    const reminderAt =
      task.dueAt && task.reminderMinutes != null
        ? new Date(task.dueAt.getTime() - task.reminderMinutes * MINUTE)
        : null;
    if ((reminderAt?.getTime() ?? null) !== (task.reminderAt?.getTime() ?? null)) {
      task.reminderAt = reminderAt;
      task.reminderSentAt = null;
    }
  }

  private dueAt(value: string | null | undefined): Date | null {
    return value ? parseShopTime(value, this.zone, 'due_at') : null;
  }

  private title(value: string): string {
    const title = value.trim();
    if (!title) throw invalidArguments('title must not be blank.', [{ path: 'title', message: 'must not be blank' }]);
    return title;
  }

  private async find(id: number): Promise<Task> {
    const task = await this.em.findOne(Task, { id });
    if (!task) throw notFound('task', id);
    return task;
  }

  private payload(task: Task) {
    return taskPayload(task, this.zone);
  }

  /** Merged customers: the secondary's tasks now point at the primary's phone. */
  async customersMerged(e: { primary_phone: string; secondary_phone: string }): Promise<void> {
    await this.em.nativeUpdate(Task, { phone: e.secondary_phone }, { phone: e.primary_phone, updatedAt: new Date() });
  }

  /** A deleted agent's tasks become unassigned; their comments stay, without the author. */
  async agentDeleted(agentId: number): Promise<void> {
    await this.em.nativeUpdate(Task, { assignedAgentId: agentId }, { assignedAgentId: null, updatedAt: new Date() });
    await this.em.nativeUpdate(TaskComment, { agentId }, { agentId: null });
  }
}
