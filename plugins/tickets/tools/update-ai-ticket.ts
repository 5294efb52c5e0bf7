import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { categoryArg, descriptionArg, priorityArg, ticketIdArg, titleArg } from './args.js';
import { TicketResult } from './outputs.js';

export const updateAiTicket = defineTool({
  name: 'update_ai_ticket',
  title: 'Update AI ticket',
  description:
    'Changes title, description, priority or category (null clears description or category); not on closed tickets.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    ticket_id: ticketIdArg,
    title: Type.Optional(titleArg),
    description: Type.Optional(Type.Union([descriptionArg, Type.Null()])),
    priority: Type.Optional(priorityArg()),
    category: Type.Optional(Type.Union([categoryArg, Type.Null()])),
  }),
  output: TicketResult,
  handler: async ({ ticket_id, ...changes }, { services }) => ({
    ticket: await services.ticketsService.update(ticket_id, changes),
  }),
});
