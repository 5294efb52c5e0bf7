import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { internalTextArg, ticketIdArg } from './args.js';

export const addAiTicketNote = defineTool({
  name: 'add_ai_ticket_note',
  title: 'Add AI ticket note',
  description:
    "Adds an internal note to the ticket's timeline; never sent to the customer. Not allowed on closed tickets.",
  kind: 'mutation',
  action: 'add',
  input: Type.Object({ ticket_id: ticketIdArg, body: internalTextArg('The internal note.') }),
  handler: async ({ ticket_id, body }, { services }) => services.ticketsService.addNote(ticket_id, body),
});
