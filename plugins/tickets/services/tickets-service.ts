import {
  invalidArguments,
  nonBlank,
  normalizePhone,
  notFound,
  pageOf,
  type EntityManager,
  type Paging,
  type ScopedEvents,
  type ShopContext,
} from '../../../core/index.js';
import { Ticket, type TicketPriority, type TicketStatus } from '../entities/ticket.entity.js';
import { TicketNote, type TicketNoteKind } from '../entities/ticket-note.entity.js';
import { TicketFollowup } from '../entities/ticket-followup.entity.js';
import { ticketStatus } from './ticket-status.js';
import { followupPayload, notePayload, ticketPayload } from './payloads.js';
import type { TicketResolutionsService } from './ticket-resolutions-service.js';

export interface NewTicket {
  title: string;
  phone?: string;
  customer_email?: string;
  description?: string;
  priority?: TicketPriority;
  category?: string;
  message?: string;
  dedupe_customer?: boolean;
}

export interface TicketChanges {
  title?: string;
  description?: string | null;
  priority?: TicketPriority;
  category?: string | null;
}

export interface TicketFilters {
  status?: TicketStatus;
  priority?: TicketPriority;
  assigned_agent_id?: number;
  phone?: string;
  category?: string;
}

interface Deps {
  em: EntityManager;
  shop: ShopContext;
  customersService: { ensureByPhone(phone: string, fields?: { email?: string | null }): Promise<{ id: number }> };
  agentsService: { findById(id: number): Promise<unknown | null> };
  ticketResolutionsService: TicketResolutionsService;
  events: ScopedEvents;
}

const DEFAULT_PRIORITY: TicketPriority = 'P2';

/** A customer's ticket that a new report is folded into: one not yet resolved or closed. */
const DEDUPE_STATUSES: TicketStatus[] = ['open', 'pending_notification'];

/** Tickets and their internal timeline. Resolutions and follow-ups: TicketResolutionsService. */
export class TicketsService {
  constructor(private readonly deps: Deps) {}

  private get em() {
    return this.deps.em;
  }

  async get(id: number): Promise<Ticket> {
    const ticket = await this.em.findOne(Ticket, { id });
    if (!ticket) throw notFound('ticket', id);
    return ticket;
  }

  /**
   * Creates a ticket, or with dedupe_customer folds the report into the customer's newest ticket
   * that is not resolved or closed (same phone; same email when the call has no phone). A phone
   * links the ticket to the customer record, created when new.
   */
  async create(input: NewTicket) {
    const title = nonBlank(input.title, 'title');
    const phone = input.phone === undefined ? null : normalizePhone(input.phone, 'phone');
    const email = input.customer_email?.trim().toLowerCase() || null;
    const message = input.message === undefined ? undefined : nonBlank(input.message, 'message');
    if (!phone && !email) {
      throw invalidArguments('A ticket is about a customer: give phone or customer_email.', [
        { path: 'phone', message: 'phone or customer_email is required' },
      ]);
    }
    const customer = phone ? await this.deps.customersService.ensureByPhone(phone, { email }) : null;

    if (input.dedupe_customer) {
      // Two reports of one customer arriving together must not both miss each other's ticket.
      await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [
        `tickets.dedupe:${this.deps.shop.id}:${phone ?? email}`,
      ]);
      const existing = await this.em.findOne(
        Ticket,
        { status: { $in: DEDUPE_STATUSES }, ...(phone ? { phone } : { customerEmail: email }) },
        { orderBy: { id: 'desc' } },
      );
      if (existing) {
        existing.description = input.description ?? existing.description;
        existing.priority = input.priority ?? existing.priority;
        existing.category = input.category ?? existing.category;
        existing.customerEmail ??= email;
        existing.customerId ??= customer?.id ?? null;
        const report = this.appendNote(existing, 'report', message ? `${title}\n\n${message}` : title);
        await this.em.flush();
        await this.noted(report);
        return { ticket: ticketPayload(existing), created: false, deduped: true };
      }
    }

    const ticket = this.em.create(Ticket, {
      title,
      description: input.description ?? null,
      priority: input.priority ?? DEFAULT_PRIORITY,
      category: input.category ?? null,
      phone,
      customerEmail: email,
      customerId: customer?.id ?? null,
      assignedAgentId: null,
    } as Ticket);
    await this.em.flush();
    if (message) {
      this.appendNote(ticket, 'note', message);
      await this.em.flush();
    }
    await this.deps.events.emit('tickets.created', {
      ticket_id: ticket.id,
      title: ticket.title,
      priority: ticket.priority,
      phone: ticket.phone ?? null,
      customer_email: ticket.customerEmail ?? null,
    });
    return { ticket: ticketPayload(ticket), created: true, deduped: false };
  }

  /** The ticket with its timeline (oldest first) and follow-ups. */
  async detail(id: number) {
    const ticket = await this.get(id);
    const notes = await this.em.find(TicketNote, { ticket }, { orderBy: { id: 'asc' } });
    const followups = await this.em.find(TicketFollowup, { ticket }, { orderBy: { id: 'asc' } });
    return { ...ticketPayload(ticket), notes: notes.map(notePayload), followups: followups.map(followupPayload) };
  }

  /** Newest first. assigned_agent_id 0 selects unassigned tickets. */
  async list(filters: TicketFilters, paging: Paging) {
    const where: Record<string, unknown> = {};
    if (filters.status) where.status = filters.status;
    if (filters.priority) where.priority = filters.priority;
    if (filters.category !== undefined) where.category = filters.category;
    if (filters.assigned_agent_id !== undefined)
      where.assignedAgentId = filters.assigned_agent_id === 0 ? null : filters.assigned_agent_id;
    if (filters.phone !== undefined) where.phone = normalizePhone(filters.phone, 'phone');
    const [items, count] = await this.em.findAndCount(Ticket, where, {
      orderBy: { id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf('tickets', items.map(ticketPayload), count, paging);
  }

  /** undefined leaves a field as it is; null clears description or category. */
  async update(id: number, changes: TicketChanges) {
    if (Object.values(changes).every((v) => v === undefined)) {
      throw invalidArguments('Give at least one of title, description, priority or category to update.', [
        { path: '(root)', message: 'needs a field to change' },
      ]);
    }
    const ticket = await this.get(id);
    ticketStatus.assertCan('update', ticket);
    const values = {
      title: changes.title === undefined ? undefined : nonBlank(changes.title, 'title'),
      description: changes.description,
      priority: changes.priority,
      category: changes.category,
    };
    const fields = (Object.keys(values) as (keyof typeof values)[]).filter(
      (field) => values[field] !== undefined && values[field] !== (ticket[field] ?? null),
    );
    Object.assign(ticket, Object.fromEntries(fields.map((field) => [field, values[field]])));
    await this.em.flush();
    if (fields.length > 0)
      await this.deps.events.emit('tickets.updated', { ticket_id: ticket.id, fields, priority: ticket.priority });
    return ticketPayload(ticket);
  }

  async addNote(id: number, body: string) {
    const text = nonBlank(body, 'body');
    const ticket = await this.get(id);
    ticketStatus.assertCan('note', ticket);
    const note = this.appendNote(ticket, 'note', text);
    await this.em.flush();
    await this.noted(note);
    return { note: notePayload(note), ticket: ticketPayload(ticket) };
  }

  /** agentId 0 unassigns; any other id must be an agent of the shop. */
  async assign(id: number, agentId: number) {
    const ticket = await this.get(id);
    ticketStatus.assertCan('assign', ticket);
    if (agentId !== 0 && !(await this.deps.agentsService.findById(agentId))) throw notFound('agent', agentId);
    const previous = ticket.assignedAgentId ?? null;
    ticket.assignedAgentId = agentId === 0 ? null : agentId;
    await this.em.flush();
    if (previous !== ticket.assignedAgentId)
      await this.deps.events.emit('tickets.assigned', {
        ticket_id: ticket.id,
        agent_id: ticket.assignedAgentId,
        previous_agent_id: previous,
      });
    return ticketPayload(ticket);
  }

  /** Final. A follow-up still queued is cancelled: a closed ticket sends the customer nothing. */
  async close(id: number, reason: string | undefined) {
    const note = reason === undefined ? undefined : nonBlank(reason, 'reason');
    const ticket = await this.get(id);
    ticketStatus.assertCan('close', ticket);
    await this.deps.ticketResolutionsService.cancelQueued(ticket, 'ticket closed');
    ticket.status = 'closed';
    ticket.closedAt = new Date();
    const entry = note ? this.appendNote(ticket, 'close', note) : null;
    await this.em.flush();
    await this.deps.events.emit('tickets.closed', { ticket_id: ticket.id, reason: note ?? null });
    if (entry) await this.noted(entry);
    return ticketPayload(ticket);
  }

  /** Back to open; a follow-up still queued is cancelled, since the matter is not settled after all. */
  async reopen(id: number) {
    const ticket = await this.get(id);
    ticketStatus.assertCan('reopen', ticket);
    await this.deps.ticketResolutionsService.cancelQueued(ticket, 'ticket reopened');
    ticket.status = 'open';
    ticket.resolvedAt = null;
    await this.em.flush();
    await this.deps.events.emit('tickets.reopened', { ticket_id: ticket.id });
    return ticketPayload(ticket);
  }

  /** Tells of an entry added to an existing ticket's timeline, once the caller's flush wrote it. */
  async noted(note: TicketNote): Promise<void> {
    await this.deps.events.emit('tickets.noted', { ticket_id: note.ticket.id, note_id: note.id, kind: note.kind });
  }

  /** Adds a timeline entry, written with the caller's flush; the ticket counts as updated. */
  appendNote(ticket: Ticket, kind: TicketNoteKind, body: string): TicketNote {
    const note = this.em.create(TicketNote, { ticket, kind, body } as TicketNote);
    ticket.updatedAt = new Date();
    return note;
  }
}
