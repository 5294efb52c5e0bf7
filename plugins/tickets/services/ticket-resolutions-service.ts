import {
  invalidState,
  LockMode,
  nonBlank,
  notFound,
  type EntityManager,
  type ScopedEvents,
  type ShopContext,
} from '../../../core/index.js';
import type { Ticket } from '../entities/ticket.entity.js';
import { TicketFollowup } from '../entities/ticket-followup.entity.js';
import { ticketStatus } from './ticket-status.js';
import { composeFollowup, followupLanguage } from './followup-template.js';
import { COMPOSE_GRACE_MS, COMPOSED_MAX, type FollowupComposerPort } from './followup-composer.js';
import { followupPayload, notePayload, ticketPayload } from './payloads.js';
import type { TicketsService } from './tickets-service.js';

interface Deps {
  em: EntityManager;
  shop: ShopContext;
  ticketsService: TicketsService;
  customersService: { findByPhone(phone: string): Promise<{ name?: string | null } | null> };
  events: ScopedEvents;
  /** Registered by the manifest's setup: whether some group registered `followupComposerPort`. */
  ticketsComposerRegistered: boolean;
  followupComposerPort?: FollowupComposerPort;
}

/**
 * Resolutions and the follow-up queue. A resolution is an internal note plus a customer message
 * queued in ticket_followups; the messaging group sends it and reports back through
 * markFollowupSent / markFollowupFailed. A ticket has at most one queued follow-up.
 */
export class TicketResolutionsService {
  constructor(private readonly deps: Deps) {}

  private get em() {
    return this.deps.em;
  }

  /**
   * With resolveAfterNotify the ticket waits in pending_notification until the follow-up is sent;
   * without it the ticket is resolved at once and the follow-up still goes out. A newer resolution
   * replaces a follow-up that is still queued.
   */
  async resolve(ticketId: number, body: string, resolveAfterNotify: boolean) {
    const resolution = nonBlank(body, 'body');
    const ticket = await this.deps.ticketsService.get(ticketId);
    ticketStatus.assertCan('resolve', ticket);
    await this.cancelQueued(ticket, 'replaced by a newer resolution');
    const note = this.deps.ticketsService.appendNote(ticket, 'resolution', resolution);
    const customer = ticket.phone ? await this.deps.customersService.findByPhone(ticket.phone) : null;
    const composer = this.deps.ticketsComposerRegistered && (await this.deps.followupComposerPort!.available());
    const followup = this.em.create(TicketFollowup, {
      ticket,
      message: composeFollowup({
        locale: followupLanguage(resolution, this.deps.shop.locale),
        shopName: this.deps.shop.name,
        customerName: customer?.name ?? null,
        resolution,
      }),
      composedBy: composer ? 'pending' : 'template',
      resolution,
      resolveAfterNotify,
      phone: ticket.phone ?? null,
      customerEmail: ticket.customerEmail ?? null,
    } as TicketFollowup);
    if (resolveAfterNotify) {
      ticket.status = 'pending_notification';
    } else {
      ticket.status = 'resolved';
      ticket.resolvedAt = new Date();
    }
    await this.em.flush();
    await this.deps.ticketsService.noted(note);
    if (ticket.status === 'resolved') await this.resolved(ticket);
    return { ticket: ticketPayload(ticket), resolution: notePayload(note), followup: followupPayload(followup) };
  }

  private async resolved(ticket: Ticket): Promise<void> {
    await this.deps.events.emit('tickets.resolved', {
      ticket_id: ticket.id,
      phone: ticket.phone ?? null,
      resolved_at: ticket.resolvedAt!.toISOString(),
    });
  }

  private async settled(followup: TicketFollowup, status: 'sent' | 'failed'): Promise<void> {
    await this.deps.events.emit('tickets.followup_settled', {
      ticket_id: followup.ticket.id,
      followup_id: followup.id,
      status,
    });
  }

  /** For the messaging group: the follow-up went out. Resolves a ticket that was waiting for it. */
  async markFollowupSent(followupId: number) {
    const followup = await this.queuedFollowup(followupId);
    followup.status = 'sent';
    followup.sentAt = new Date();
    // The composer did not answer within the grace period: the template went out.
    if (followup.composedBy === 'pending') followup.composedBy = 'template';
    const ticket = followup.ticket;
    if (followup.resolveAfterNotify && ticket.status === 'pending_notification') {
      ticket.status = 'resolved';
      ticket.resolvedAt = followup.sentAt;
      await this.em.flush();
      await this.resolved(ticket);
    } else await this.em.flush();
    await this.settled(followup, 'sent');
    return { followup: followupPayload(followup), ticket: ticketPayload(ticket) };
  }

  /**
   * For the messaging group: the follow-up cannot be delivered. The ticket stays where it is; an
   * agent sees the failure on the ticket and resolves again, reopens or closes it.
   */
  async markFollowupFailed(followupId: number, reason: string) {
    const followup = await this.queuedFollowup(followupId);
    followup.status = 'failed';
    followup.statusReason = reason;
    await this.em.flush();
    await this.settled(followup, 'failed');
    return { followup: followupPayload(followup), ticket: ticketPayload(followup.ticket) };
  }

  /**
   * The shop's queued follow-ups, oldest first: what the messaging group has to send. One waiting
   * for its composer is left out for COMPOSE_GRACE_MS, then offered with the template's message.
   */
  async queuedFollowups(limit: number) {
    const rows = await this.em.find(
      TicketFollowup,
      {
        status: 'queued',
        $or: [{ composedBy: { $ne: 'pending' } }, { createdAt: { $lt: new Date(Date.now() - COMPOSE_GRACE_MS) } }],
      },
      { orderBy: { id: 'asc' }, limit },
    );
    return rows.map(followupPayload);
  }

  /** Queued follow-ups waiting for the composer, oldest first, with what it composes from. */
  async pendingCompositions(limit: number) {
    const rows = await this.em.find(
      TicketFollowup,
      { status: 'queued', composedBy: 'pending' },
      { orderBy: { id: 'asc' }, limit },
    );
    const names = new Map<string, string | null>();
    for (const phone of new Set(rows.map((r) => r.phone).filter((p): p is string => !!p)))
      names.set(phone, (await this.deps.customersService.findByPhone(phone))?.name ?? null);
    return rows.map((f) => ({
      id: f.id,
      request: {
        locale: followupLanguage(f.resolution ?? f.message, this.deps.shop.locale),
        shopName: this.deps.shop.name,
        customerName: (f.phone && names.get(f.phone)) ?? null,
        resolution: f.resolution ?? f.message,
        template: f.message,
      },
    }));
  }

  /**
   * The composer's answer for a follow-up still queued and waiting for it: its text (composed_by
   * ai), or null when it could not answer (the template stays, composed_by template). A follow-up
   * sent, cancelled or replaced meanwhile is left as it is.
   */
  async composed(followupId: number, text: string | null): Promise<boolean> {
    const usable = text !== null && text.trim().length > 0 && text.length <= COMPOSED_MAX;
    const changed = await this.em.nativeUpdate(
      TicketFollowup,
      { id: followupId, status: 'queued', composedBy: 'pending' },
      usable
        ? { message: text.trim(), composedBy: 'ai', updatedAt: new Date() }
        : { composedBy: 'template', updatedAt: new Date() },
    );
    return changed > 0 && usable;
  }

  async cancelQueued(ticket: Ticket, reason: string): Promise<void> {
    await this.em.nativeUpdate(
      TicketFollowup,
      { ticket, status: 'queued' },
      { status: 'cancelled', statusReason: reason, updatedAt: new Date() },
    );
  }

  /**
   * Locked and re-read: a cancellation (newer resolution, close, reopen) may have changed the row
   * since it was loaded, in this transaction through a native update or in another one.
   */
  private async queuedFollowup(id: number): Promise<TicketFollowup> {
    const followup = await this.em.findOne(
      TicketFollowup,
      { id },
      { populate: ['ticket'], refresh: true, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!followup) throw notFound('follow-up', id);
    if (followup.status !== 'queued') {
      throw invalidState(
        `Follow-up ${id} is ${followup.status}; only a queued follow-up can be marked sent or failed.`,
        {
          current_status: followup.status,
          allowed: ['queued'],
        },
      );
    }
    return followup;
  }
}
