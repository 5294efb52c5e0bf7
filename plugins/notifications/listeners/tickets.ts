import type { EventHandler } from '../../../core/index.js';
import type { TicketsAssigned, TicketsCreated } from '../../tickets/surface.js';
import { OWNER } from '../entities/values.js';

/** The agent a ticket was given to is told; unassigning tells nobody. */
export const onTicketAssigned: EventHandler<TicketsAssigned> = async (e, { services }) => {
  if (e.agent_id === null) return;
  await services.notificationsService.notify({
    recipients: [e.agent_id],
    type: 'ticket_assigned',
    title: `Ticket #${e.ticket_id} was assigned to you`,
    resource: { type: 'ticket', id: e.ticket_id },
    dedupeKey: `ticket:${e.ticket_id}`,
  });
};

/** A P0 ticket is the owner's business at once. */
export const onTicketCreated: EventHandler<TicketsCreated> = async (e, { services }) => {
  if (e.priority !== 'P0') return;
  await services.notificationsService.notify({
    recipients: [OWNER],
    type: 'ticket_p0',
    title: `P0 ticket #${e.ticket_id}: ${e.title}`,
    body: e.phone ? `Customer ${e.phone}` : null,
    resource: { type: 'ticket', id: e.ticket_id },
    dedupeKey: `ticket:${e.ticket_id}`,
  });
};
