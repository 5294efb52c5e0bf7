import { definePrompt, invalidArguments } from '../../../core/index.js';
import { TICKET_PRIORITIES, type TicketPriority } from '../entities/ticket.entity.js';

/** Enough for one sitting; the model lists more with list_ai_tickets. */
const SHOWN = 30;

export const triageOpenTickets = definePrompt({
  name: 'triage_open_tickets',
  title: 'Triage open tickets',
  description:
    'Goes through the shop’s open tickets (newest first, optionally one priority) and proposes for each a priority, an agent and a next step.',
  arguments: [
    {
      name: 'priority',
      description: `Only tickets of this priority: ${TICKET_PRIORITIES.join(', ')}.`,
      complete: async (typed) => TICKET_PRIORITIES.filter((p) => p.toLowerCase().startsWith(typed.toLowerCase())),
    },
  ],
  get: async ({ priority }, { services }) => {
    const wanted = priority?.trim() ? priority.trim().toUpperCase() : undefined;
    if (wanted !== undefined && !(TICKET_PRIORITIES as string[]).includes(wanted))
      throw invalidArguments(`priority must be one of ${TICKET_PRIORITIES.join(', ')}.`, [
        { path: 'priority', message: `not one of ${TICKET_PRIORITIES.join(', ')}` },
      ]);
    const { tickets, count: total } = await services.ticketsService.list(
      { status: 'open', ...(wanted && { priority: wanted as TicketPriority }) },
      { limit: SHOWN, offset: 0 },
    );
    const scope = wanted ? `${wanted} tickets` : 'tickets';
    const text =
      total === 0
        ? `The shop has no open ${scope}. Say so, and suggest checking tickets waiting for a notification with list_ai_tickets.`
        : [
            `Triage the shop’s open ${scope}: ${total} in all, the ${Math.min(total, SHOWN)} newest below as JSON.`,
            'For each, propose a priority (P0 most urgent), the agent to assign and the next step, in a short table.',
            'Make no change until I agree; then use update_ai_ticket, assign_ai_ticket and add_ai_ticket_note.',
            '',
            ...tickets.map((t) => JSON.stringify(t)),
          ].join('\n');
    return { messages: [{ role: 'user', content: { type: 'text', text } }] };
  },
});
