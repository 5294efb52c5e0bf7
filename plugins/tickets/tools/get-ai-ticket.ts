import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ticketIdArg } from './args.js';

export const getAiTicket = defineTool({
  name: 'get_ai_ticket',
  title: 'Get AI ticket',
  description:
    'The ticket with its internal timeline (notes, reports, resolutions, close reason; oldest first) and its customer follow-ups with their delivery status.',
  kind: 'query',
  input: Type.Object({ ticket_id: ticketIdArg }),
  handler: async ({ ticket_id }, { services }) => ({ ticket: await services.ticketsService.detail(ticket_id) }),
});
