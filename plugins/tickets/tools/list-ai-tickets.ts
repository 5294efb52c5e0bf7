import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { categoryArg, priorityArg, statusArg } from './args.js';
import { TicketOutput } from './outputs.js';

export const listAiTickets = defineTool({
  name: 'list_ai_tickets',
  title: 'List AI tickets',
  description: 'Tickets, newest first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(statusArg()),
    priority: Type.Optional(priorityArg()),
    assigned_agent_id: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Agent id; 0 lists unassigned tickets.' }),
    ),
    phone: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    category: Type.Optional(categoryArg),
    ...PagingArgs,
  }),
  output: pageOutput('tickets', TicketOutput),
  handler: async ({ limit, offset, ...filters }, { services }) =>
    services.ticketsService.list(filters, { limit: limit!, offset: offset! }),
});
