import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { TicketOutput } from './outputs.js';

export const closeSupportTicket = defineTool({
  name: 'close_support_ticket',
  title: 'Close support ticket',
  description: 'Closes a support ticket for good, optionally rating the help with a comment.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    ticket_id: Type.Integer({ minimum: 1 }),
    rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
  }),
  output: Type.Object({ ticket: TicketOutput }),
  handler: async ({ ticket_id, rating, comment }, { services }) => ({
    ticket: await services.supportTicketsService.close(ticket_id, rating, comment),
  }),
});
