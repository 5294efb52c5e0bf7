import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { Ticket } from './ticket.entity.js';

/**
 * note: an internal note (the ticket's initial message or add_ai_ticket_note). report: a later
 * create_ai_ticket call for the same customer, folded into this ticket. resolution: an agent's
 * internal resolution. close: the internal reason given when closing.
 */
export const TICKET_NOTE_KINDS: ['note', 'report', 'resolution', 'close'] = ['note', 'report', 'resolution', 'close'];
export type TicketNoteKind = (typeof TICKET_NOTE_KINDS)[number];

/** One entry of a ticket's internal timeline; never sent to the customer. */
export const TicketNote = defineEntity({
  name: 'TicketNote',
  tableName: 'ticket_notes',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    ticket: () => p.manyToOne(Ticket).deleteRule('cascade').index(),
    kind: p.enum(TICKET_NOTE_KINDS),
    body: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type TicketNote = InferEntity<typeof TicketNote>;
