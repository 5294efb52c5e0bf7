import { stateTable } from '../../../core/index.js';
import type { TicketStatus } from '../entities/ticket.entity.js';

const LIVE: TicketStatus[] = ['open', 'pending_notification', 'resolved'];

/**
 * The statuses each change is allowed from. `closed` is final: it appears in no list, so a closed
 * ticket accepts no change at all, notes included.
 */
export const ticketStatus = stateTable({
  record: 'Ticket',
  allowedFrom: {
    note: LIVE,
    update: LIVE,
    assign: LIVE,
    close: LIVE,
    resolve: ['open', 'pending_notification'],
    reopen: ['pending_notification', 'resolved'],
  },
  done: {
    note: 'given notes',
    update: 'updated',
    assign: 'assigned',
    close: 'closed',
    resolve: 'resolved',
    reopen: 'reopened',
  },
  final: ['closed'],
});
