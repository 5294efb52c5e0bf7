import { invalidArguments, notFound, type EntityManager } from '../../../core/index.js';
import { PlatformNotice } from '../entities/platform-notice.entity.js';
import { SupportMessage } from '../entities/support-message.entity.js';
import { SupportTicket } from '../entities/support-ticket.entity.js';
import type { NoticeKind, SupportStatus } from '../entities/values.js';
import { messagePayload, noticePayload, ticketPayload } from '../services/payloads.js';
import { supportStatus } from '../services/support-status.js';

/**
 * The operator's side of support, for the CLI (`npm run support`): every shop's tickets, answers
 * and resolutions, and the platform notices. The operator has no MCP identity. Replies are written
 * here unannounced; the server's job announces them (support.replied → the owner's notification).
 */
export class SupportDesk {
  constructor(
    private readonly rootEm: EntityManager,
    /** A shop-scoped EntityManager, for writes into a shop's tables under the kernel's write guard. */
    private readonly forShop: (shopId: number) => EntityManager,
  ) {}

  async list(filter: { status?: SupportStatus; shopId?: number }) {
    const tickets = await this.rootEm
      .fork()
      .find(
        SupportTicket,
        { ...(filter.status && { status: filter.status }), ...(filter.shopId && { shopId: filter.shopId }) },
        { orderBy: { updatedAt: 'desc', id: 'desc' }, limit: 500, filters: { tenant: false } },
      );
    return tickets.map((t) => ({ shop_id: t.shopId, ...ticketPayload(t) }));
  }

  async show(ticketId: number) {
    const em = this.rootEm.fork();
    const ticket = await this.ticket(em, ticketId);
    const messages = await em.find(
      SupportMessage,
      { ticketId },
      { orderBy: { id: 'asc' }, filters: { tenant: false } },
    );
    return {
      shop_id: ticket.shopId,
      ticket: ticketPayload(ticket),
      // The operator also sees where each attachment's bytes are (storage_key).
      messages: messages.map((m) => ({ ...messagePayload(m), attachments: m.attachments })),
      diagnostics: ticket.diagnostics ?? null,
    };
  }

  /** Support's answer: the shop's turn (awaiting_customer), or resolved with `resolve`. */
  async reply(ticketId: number, body: string, resolve: boolean) {
    const text = body.trim();
    if (!text) throw invalidArguments('message must not be blank.');
    const { shopId } = await this.ticket(this.rootEm.fork(), ticketId);
    const em = this.forShop(shopId);
    await em.transactional(async (tem) => {
      const ticket = (await tem.findOne(SupportTicket, { id: ticketId }))!;
      supportStatus.assertCan(resolve ? 'resolve' : 'answer', ticket);
      tem.create(SupportMessage, { ticketId, author: 'support', body: text } as SupportMessage);
      this.moveTo(ticket, resolve ? 'resolved' : 'awaiting_customer');
    });
    return this.show(ticketId);
  }

  async resolve(ticketId: number) {
    const { shopId } = await this.ticket(this.rootEm.fork(), ticketId);
    await this.forShop(shopId).transactional(async (tem) => {
      const ticket = (await tem.findOne(SupportTicket, { id: ticketId }))!;
      supportStatus.assertCan('resolve', ticket);
      this.moveTo(ticket, 'resolved');
    });
    return this.show(ticketId);
  }

  async notices() {
    const now = new Date();
    return (await this.rootEm.fork().find(PlatformNotice, {}, { orderBy: { id: 'desc' }, limit: 100 })).map((n) => ({
      ...noticePayload(n, now),
      ended: n.endsAt !== null && n.endsAt !== undefined && n.endsAt <= now,
    }));
  }

  async setNotice(input: { kind: NoticeKind; title: string; body?: string; startsAt?: Date; endsAt?: Date }) {
    const startsAt = input.startsAt ?? new Date();
    if (input.endsAt && input.endsAt <= startsAt) throw invalidArguments('--ends must be after --starts.');
    const em = this.rootEm.fork();
    const notice = em.create(PlatformNotice, {
      kind: input.kind,
      title: input.title,
      body: input.body ?? null,
      startsAt,
      endsAt: input.endsAt ?? null,
    } as PlatformNotice);
    await em.flush();
    return noticePayload(notice);
  }

  async endNotice(id: number) {
    const em = this.rootEm.fork();
    const notice = await em.findOne(PlatformNotice, { id });
    if (!notice) throw notFound('notice', id);
    const now = new Date();
    // A window that had not begun is called off: it becomes an empty one, now.
    if (notice.startsAt > now) notice.startsAt = now;
    if (!notice.endsAt || notice.endsAt > now) notice.endsAt = now;
    await em.flush();
    return noticePayload(notice);
  }

  private moveTo(ticket: SupportTicket, status: SupportStatus): void {
    ticket.status = status;
    ticket.resolvedAt = status === 'resolved' ? new Date() : null;
    ticket.updatedAt = new Date();
  }

  private async ticket(em: EntityManager, id: number): Promise<SupportTicket> {
    const ticket = await em.findOne(SupportTicket, { id }, { filters: { tenant: false } });
    if (!ticket) throw notFound('support_ticket', id);
    return ticket;
  }
}
