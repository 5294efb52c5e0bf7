import { completeIds, defineResourceTemplate, templateId } from '../../../core/index.js';
import { Ticket } from '../entities/ticket.entity.js';

export const ticketTemplate = defineResourceTemplate({
  uriTemplate: 'shop://tickets/{id}',
  name: 'Ticket',
  description: 'One ticket with its notes and follow-ups, as get_ai_ticket shows it. id completes to recent tickets.',
  mimeType: 'application/json',
  read: async ({ id }, { services }) => services.ticketsService.detail(templateId(id!, 'ticket')),
  complete: { id: (typed, { em }) => completeIds(em, Ticket, typed) },
  changedBy: {
    'tickets.created': (e) => ({ id: e.ticket_id }),
    'tickets.assigned': (e) => ({ id: e.ticket_id }),
    'tickets.resolved': (e) => ({ id: e.ticket_id }),
    'tickets.closed': (e) => ({ id: e.ticket_id }),
    'tickets.reopened': (e) => ({ id: e.ticket_id }),
    'tickets.noted': (e) => ({ id: e.ticket_id }),
    'tickets.updated': (e) => ({ id: e.ticket_id }),
    'tickets.followup_settled': (e) => ({ id: e.ticket_id }),
  },
});
