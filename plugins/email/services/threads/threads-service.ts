import {
  containsPattern,
  invalidArguments,
  normalizePhone,
  notFound,
  ToolError,
  type Paging,
  type Services,
  parseShopDay,
  parseShopTime,
} from '../../../../core/index.js';
import { EmailMessage } from '../../entities/email-message.entity.js';
import { EmailNote } from '../../entities/email-note.entity.js';
import { EmailThread } from '../../entities/email-thread.entity.js';
import type { Category, ThreadStatus } from '../../entities/values.js';

export interface ThreadFilters {
  account_id?: number;
  status?: ThreadStatus;
  /** 0: unassigned. */
  assigned_agent_id?: number;
  phone?: string;
  has_phone?: boolean;
  category?: Category;
  unread?: boolean;
  snoozed?: boolean;
  query?: string;
  date_from?: string;
  date_to?: string;
}

export interface ThreadChanges {
  status?: ThreadStatus;
  snoozed_until?: string | null;
  category?: Category | null;
  read?: boolean;
}

/** Threads counted exactly at most (list_email_threads). */
export const COUNT_CAP = 10_000;

/** The most messages get_email_thread shows (the newest). */
export const THREAD_MESSAGE_LIMIT = 200;

/** The shop's mail threads: lists, one with its messages and notes, status, snooze, category, read. */
export class EmailThreadsService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async get(id: number): Promise<EmailThread> {
    const thread = await this.em.findOne(EmailThread, { id });
    if (!thread) throw notFound('email_thread', id);
    return thread;
  }

  /** Which of these threads' accounts were deleted (their threads stay readable). */
  async deletedAccounts(threads: EmailThread[]): Promise<Set<number>> {
    const accounts = await this.deps.emailAccountsService.findAny(threads.map((t) => t.accountId));
    return new Set(accounts.filter((a) => a.deletedAt !== null).map((a) => a.id));
  }

  /** A new thread to an address the shop has linked to a phone gets that phone. */
  async applyKnownPhone(thread: EmailThread): Promise<void> {
    const [row] = await this.em.execute<{ phone: string }[]>(
      `select phone from email_address_phones where shop_id = ? and email = ?`,
      [this.deps.shop.id, thread.counterpart],
    );
    if (row && !thread.phone) {
      thread.phone = row.phone;
      await this.em.flush();
    }
  }

  /** Newest activity first. */
  async list(filters: ThreadFilters, paging: Paging): Promise<{ rows: EmailThread[]; count: number; exact: boolean }> {
    const where: Record<string, unknown> = {};
    if (filters.account_id !== undefined) where.accountId = filters.account_id;
    if (filters.status) where.status = filters.status;
    if (filters.assigned_agent_id !== undefined)
      where.assignedAgentId = filters.assigned_agent_id === 0 ? null : filters.assigned_agent_id;
    if (filters.phone !== undefined) where.phone = normalizePhone(filters.phone, 'phone');
    else if (filters.has_phone !== undefined) where.phone = filters.has_phone ? { $ne: null } : null;
    if (filters.category) where.category = filters.category;
    if (filters.unread !== undefined) where.unread = filters.unread;
    if (filters.snoozed !== undefined)
      where.$and = [
        filters.snoozed
          ? { snoozedUntil: { $gt: new Date() } }
          : { $or: [{ snoozedUntil: null }, { snoozedUntil: { $lte: new Date() } }] },
      ];
    if (filters.query?.trim()) {
      const pattern = containsPattern(filters.query.trim());
      where.$or = [{ subject: { $ilike: pattern } }, { counterpart: { $ilike: pattern } }];
    }
    const range = this.range(filters);
    if (range) where.lastMessageAt = range;
    const [rows, counted] = await Promise.all([
      this.em.find(EmailThread, where, {
        orderBy: { lastMessageAt: 'desc', id: 'desc' },
        limit: paging.limit,
        offset: paging.offset,
      }),
      this.cappedCount({ ...where, shopId: this.deps.shop.id }),
    ]);
    return { rows, count: counted.count, exact: counted.exact };
  }

  /**
   * How many threads match, counted up to COUNT_CAP: a shop with 100,000 threads would pay for an
   * exact count on every page (most of a list's time), and nobody pages that far; past the cap the
   * list says `count_exact: false`, as mail clients say "of many".
   */
  private async cappedCount(where: Record<string, unknown>): Promise<{ count: number; exact: boolean }> {
    const matching = this.em
      .createQueryBuilder(EmailThread)
      .select('id')
      .where(where)
      .limit(COUNT_CAP + 1)
      .getKnexQuery();
    const [row] = await this.em.getKnex().count({ n: '*' }).from(matching.as('matching'));
    const n = Number((row as { n: string | number }).n);
    return { count: Math.min(n, COUNT_CAP), exact: n <= COUNT_CAP };
  }

  /** The thread's messages, oldest first (the newest THREAD_MESSAGE_LIMIT), and its notes. */
  async detail(
    id: number,
  ): Promise<{ thread: EmailThread; messages: EmailMessage[]; notes: EmailNote[]; total: number }> {
    const thread = await this.get(id);
    const [messages, total] = await this.em.findAndCount(
      EmailMessage,
      { threadId: id },
      { orderBy: { sentAt: 'desc', id: 'desc' }, limit: THREAD_MESSAGE_LIMIT },
    );
    const notes = await this.em.find(EmailNote, { threadId: id }, { orderBy: { id: 'asc' } });
    return { thread, messages: messages.reverse(), notes, total };
  }

  async update(id: number, changes: ThreadChanges): Promise<EmailThread> {
    if (Object.values(changes).every((v) => v === undefined))
      throw invalidArguments('Nothing to change: give status, snoozed_until, category or read.');
    const thread = await this.get(id);
    const previous = thread.status;
    if (changes.status !== undefined) thread.status = changes.status;
    if (changes.snoozed_until !== undefined) {
      const until =
        changes.snoozed_until === null
          ? null
          : parseShopTime(changes.snoozed_until, this.deps.shop.timezone, 'snoozed_until');
      if (until && until.getTime() <= Date.now())
        throw invalidArguments('snoozed_until must be in the future.', [
          { path: 'snoozed_until', message: 'is not in the future' },
        ]);
      thread.snoozedUntil = until;
      if (until && thread.status !== 'open' && changes.status === undefined) thread.status = 'open';
    }
    if (changes.category !== undefined) {
      thread.category = changes.category;
      thread.classifiedBy = changes.category === null ? null : 'agent';
    }
    if (changes.read !== undefined) thread.unread = !changes.read;
    await this.em.flush();
    if (thread.status !== previous)
      await this.deps.events.emit('email.thread_status_changed', {
        thread_id: thread.id,
        account_id: thread.accountId,
        status: thread.status,
        previous_status: previous,
      });
    return thread;
  }

  /**
   * Gives the thread to an agent or takes it back (null or nothing). assign_to and agent_hash may
   * both be given when they name the same agent. The agent must see the account: an account's
   * agent_hashes, when not empty, are the agents it is shared with.
   */
  async assign(
    id: number,
    assignTo: number | null | undefined,
    agentHash: string | null | undefined,
  ): Promise<EmailThread> {
    const thread = await this.get(id);
    let agentId: number | null = null;
    if (assignTo !== undefined && assignTo !== null) {
      const agent = await this.deps.agentsService.findById(assignTo);
      if (!agent) throw notFound('agent', assignTo);
      if (agentHash !== undefined && agentHash !== null && agent.agentHash !== agentHash)
        throw invalidArguments(`assign_to ${assignTo} and agent_hash name two different agents; give one.`, [
          { path: 'agent_hash', message: 'names another agent than assign_to' },
        ]);
      agentId = agent.id;
    } else if (agentHash !== undefined && agentHash !== null) {
      const [agent] = await this.deps.agentsService.findByHashes([agentHash]);
      if (!agent) throw notFound('agent', agentHash);
      agentId = agent.id;
    }
    if (agentId !== null) {
      const [account] = await this.deps.emailAccountsService.findAny([thread.accountId]);
      const agent = (await this.deps.agentsService.findById(agentId))!;
      if (account && account.agentHashes.length > 0 && !account.agentHashes.includes(agent.agentHash))
        throw new ToolError(
          'forbidden_agent',
          `Agent ${agentId} does not have access to email account ${account.id}; add their agent_hash to the account first.`,
          { agent_id: agentId, account_id: account.id },
        );
    }
    const previous = thread.assignedAgentId;
    thread.assignedAgentId = agentId;
    await this.em.flush();
    if ((previous ?? null) !== agentId)
      await this.deps.events.emit('email.thread_assigned', {
        thread_id: thread.id,
        account_id: thread.accountId,
        agent_id: agentId,
        previous_agent_id: previous ?? null,
      });
    return thread;
  }

  async addNote(
    threadId: number,
    note: { note_text: string; agent_name?: string | null; agent_color?: string | null; avatar_url?: string | null },
  ): Promise<EmailNote> {
    await this.get(threadId);
    const row = this.em.create(EmailNote, {
      threadId,
      noteText: note.note_text,
      agentName: note.agent_name ?? null,
      agentColor: note.agent_color ?? null,
      avatarUrl: note.avatar_url ?? null,
    } as EmailNote);
    await this.em.flush();
    return row;
  }

  private range(filters: ThreadFilters): Record<string, Date> | undefined {
    const zone = this.deps.shop.timezone;
    const from = filters.date_from ? parseShopDay(filters.date_from, zone, 'date_from', 'start') : undefined;
    const to = filters.date_to ? parseShopDay(filters.date_to, zone, 'date_to', 'end') : undefined;
    if (!from && !to) return undefined;
    return { ...(from && { $gte: from }), ...(to && { $lte: to }) };
  }
}
