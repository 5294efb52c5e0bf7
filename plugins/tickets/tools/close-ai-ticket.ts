import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { internalTextArg, ticketIdArg } from './args.js';
import { TicketResult } from './outputs.js';

export const closeAiTicket = defineTool({
  name: 'close_ai_ticket',
  title: 'Close AI ticket',
  description:
    'Closes the ticket for good, unlike resolving: no reopen, assign, update or notes afterwards; a queued follow-up is cancelled.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  action: 'close',
  input: Type.Object({
    ticket_id: ticketIdArg,
    reason: Type.Optional(internalTextArg('Internal reason for closing.')),
  }),
  output: TicketResult,
  handler: async ({ ticket_id, reason }, { services }) => ({
    ticket: await services.ticketsService.close(ticket_id, reason),
  }),
});
