import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ticketIdArg } from './args.js';
import { TicketResult } from './outputs.js';

export const reopenAiTicket = defineTool({
  name: 'reopen_ai_ticket',
  title: 'Reopen AI ticket',
  description: 'Moves a resolved or pending_notification ticket back to open, cancelling a queued follow-up.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ticket_id: ticketIdArg }),
  output: TicketResult,
  handler: async ({ ticket_id }, { services }) => ({ ticket: await services.ticketsService.reopen(ticket_id) }),
});
