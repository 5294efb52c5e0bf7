import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { internalTextArg, ticketIdArg } from './args.js';
import { NoteOutput, TicketOutput } from './outputs.js';

export const addAiTicketNote = defineTool({
  name: 'add_ai_ticket_note',
  title: 'Add AI ticket note',
  description: "Adds an internal note to the ticket's timeline (not on closed tickets).",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'add',
  input: Type.Object({ ticket_id: ticketIdArg, body: internalTextArg('The internal note.') }),
  output: Type.Object({ note: NoteOutput, ticket: TicketOutput }),
  handler: async ({ ticket_id, body }, { services }) => services.ticketsService.addNote(ticket_id, body),
});
