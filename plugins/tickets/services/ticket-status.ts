import { invalidState } from '../../../core/index.js';
import type { Ticket, TicketStatus } from '../entities/ticket.entity.js';

const LIVE: TicketStatus[] = ['open', 'pending_notification', 'resolved'];

/**
 * The statuses each change is allowed from. `closed` is final: it appears in no list, so a closed
 * ticket accepts no change at all, notes included.
 */
const ALLOWED_FROM = {
  note: LIVE,
  update: LIVE,
  assign: LIVE,
  close: LIVE,
  resolve: ['open', 'pending_notification'],
  reopen: ['pending_notification', 'resolved'],
} satisfies Record<string, TicketStatus[]>;

export type TicketChange = keyof typeof ALLOWED_FROM;

const DONE: Record<TicketChange, string> = {
  note: 'given notes',
  update: 'updated',
  assign: 'assigned',
  close: 'closed',
  resolve: 'resolved',
  reopen: 'reopened',
};

/** Throws invalid_state, with current_status and allowed, when `change` is not allowed now. */
export function assertCan(ticket: Ticket, change: TicketChange): void {
  const allowed: TicketStatus[] = ALLOWED_FROM[change];
  if (allowed.includes(ticket.status)) return;
  const why = ticket.status === 'closed' ? ' Closed tickets are final.' : '';
  throw invalidState(
    `Ticket ${ticket.id} is ${ticket.status} and cannot be ${DONE[change]}; allowed from: ${allowed.join(', ')}.${why}`,
    {
      current_status: ticket.status,
      allowed,
    },
  );
}
