import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ticketIdArg } from './args.js';
import { TicketDetailOutput } from './outputs.js';

export const getAiTicket = defineTool({
  name: 'get_ai_ticket',
  title: 'Get AI ticket',
  description: 'The ticket with its internal timeline, oldest first, and its customer follow-ups with delivery status.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ticket_id: ticketIdArg }),
  output: Type.Object({ ticket: TicketDetailOutput }),
  handler: async ({ ticket_id }, { services }) => ({ ticket: await services.ticketsService.detail(ticket_id) }),
});
