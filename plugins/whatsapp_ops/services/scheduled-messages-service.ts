import { LockMode } from '@mikro-orm/core';
import {
  invalidArguments,
  invalidState,
  normalizePhone,
  notFound,
  pageOf,
  parseShopTime,
  ToolError,
  type Paging,
} from '../../../core/index.js';
import { ChatappScheduledMessage } from '../entities/chatapp-scheduled-message.entity.js';
import type { ScheduledStatus } from '../entities/values.js';
import type { ChatappCradle } from './cradle.js';
import { checkContent } from './message-content.js';
import { scheduledPayload } from './payloads.js';

export interface ScheduleRequest {
  phone: string;
  message: string;
  sendAt: string;
  sessionId?: number;
}

/** After this many claims without an outcome (crashes mid-send), a scheduled message fails. */
export const MAX_SCHEDULED_ATTEMPTS = 5;
const MAX_AHEAD_MS = 366 * 24 * 3_600_000;

interface Cradle extends ChatappCradle {
  agentsService?: { findById(id: number): Promise<unknown> };
}

/**
 * Messages to send later. The job (jobs/send-scheduled-messages.ts) claims due rows in a committed
 * step, then sends each through the send path with the key `scheduled-message-<id>`: the key is
 * the row's, so however often a crash makes it try again, the customer gets the message once.
 * Scheduled messages are automatic sends (no person presses send at that moment): opt-outs apply.
 */
export class ChatappScheduledMessagesService {
  constructor(private readonly deps: Cradle) {}

  private get em() {
    return this.deps.em;
  }

  async schedule(request: ScheduleRequest) {
    const phone = normalizePhone(request.phone);
    checkContent(request.message, undefined, 'message');
    const sendAt = parseShopTime(request.sendAt, this.deps.shop.timezone, 'send_at');
    if (sendAt.getTime() <= Date.now())
      throw invalidArguments(`send_at ${sendAt.toISOString()} is not in the future.`, [
        { path: 'send_at', message: 'must be in the future' },
      ]);
    if (sendAt.getTime() > Date.now() + MAX_AHEAD_MS)
      throw invalidArguments('send_at is more than a year ahead.', [
        { path: 'send_at', message: 'must be within a year' },
      ]);
    if (request.sessionId !== undefined) await this.deps.chatappSessionsService.get(request.sessionId);
    const row = this.em.create(ChatappScheduledMessage, {
      phone,
      text: request.message,
      sessionId: request.sessionId ?? null,
      sendAt,
      status: 'scheduled',
    } as ChatappScheduledMessage);
    await this.em.flush();
    return { scheduled_message: scheduledPayload(row) };
  }

  async list(filter: { status?: ScheduledStatus; phone?: string }, paging: Paging) {
    const where = {
      ...(filter.status && { status: filter.status }),
      ...(filter.phone !== undefined && { phone: normalizePhone(filter.phone) }),
    };
    const [items, count] = await this.em.findAndCount(ChatappScheduledMessage, where, {
      orderBy: { sendAt: 'asc', id: 'asc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf('scheduled_messages', items.map(scheduledPayload), count, paging);
  }

  async get(id: number): Promise<ChatappScheduledMessage> {
    const row = await this.em.findOne(ChatappScheduledMessage, { id });
    if (!row) throw notFound('scheduled message', id);
    return row;
  }

  /** What cancel() would refuse, without changing anything: the confirmation's precheck. */
  async checkCancel(id: number, agentId: number | undefined): Promise<void> {
    await this.cancellable(await this.em.findOne(ChatappScheduledMessage, { id }), id, agentId);
  }

  async cancel(id: number, agentId: number | undefined) {
    const row = await this.cancellable(
      await this.em.findOne(ChatappScheduledMessage, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE }),
      id,
      agentId,
    );
    row.status = 'cancelled';
    row.cancelledAt = new Date();
    row.cancelledByAgentId = agentId ?? null;
    await this.em.flush();
    return { scheduled_message: scheduledPayload(row) };
  }

  private async cancellable(row: ChatappScheduledMessage | null, id: number, agentId: number | undefined) {
    if (!row) throw notFound('scheduled message', id);
    if (row.status !== 'scheduled') {
      throw invalidState(`Scheduled message ${id} is ${row.status}; only a message still scheduled can be cancelled.`, {
        current_status: row.status,
        allowed: ['scheduled'],
      });
    }
    if (
      agentId !== undefined &&
      this.deps.kernelCatalog.names().includes('agents') &&
      !(await this.deps.agentsService!.findById(agentId))
    ) {
      throw notFound('agent', agentId);
    }
    return row;
  }

  /**
   * Sends one row the job has claimed. Taken by the send path (even if the network is down for
   * now and the message waits in `sending`): `sent`, with the message id. Refused (opted out, no
   * line, no credits, …): `failed` with the reason.
   */
  async sendClaimed(id: number): Promise<ScheduledStatus | null> {
    const row = await this.em.findOne(ChatappScheduledMessage, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!row || row.status !== 'sending') return null;
    try {
      const { message } = await this.deps.chatappMessagingService.send({
        phone: row.phone,
        text: row.text,
        ...(row.sessionId !== null && row.sessionId !== undefined && { sessionId: row.sessionId }),
        automatic: true,
        idempotencyKey: `scheduled-message-${row.id}`,
      });
      row.messageId = message.id;
      row.status = message.status === 'failed' ? 'failed' : 'sent';
      row.error = message.status === 'failed' ? message.error : null;
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      row.status = 'failed';
      row.error = `${err.code}: ${err.message}`;
    }
    await this.em.flush();
    return row.status;
  }

  /** A row claimed too often without an outcome: a send that keeps crashing the process. */
  async giveUp(id: number): Promise<void> {
    const row = await this.em.findOne(ChatappScheduledMessage, { id, status: 'sending' });
    if (!row) return;
    row.status = 'failed';
    row.error = `gave up after ${row.attempts} attempts without an outcome`;
    await this.em.flush();
  }
}
