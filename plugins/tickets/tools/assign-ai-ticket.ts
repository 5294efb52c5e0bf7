import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ticketIdArg } from './args.js';
import { TicketResult } from './outputs.js';

export const assignAiTicket = defineTool({
  name: 'assign_ai_ticket',
  title: 'Assign AI ticket',
  description: 'Assigns the ticket to an agent, or unassigns with 0 (not on closed tickets).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  action: 'assign',
  input: Type.Object({
    ticket_id: ticketIdArg,
    assigned_agent_id: Type.Integer({ minimum: 0, description: 'Agent id; 0 unassigns.' }),
  }),
  output: TicketResult,
  handler: async ({ ticket_id, assigned_agent_id }, { services }) => ({
    ticket: await services.ticketsService.assign(ticket_id, assigned_agent_id),
  }),
});
