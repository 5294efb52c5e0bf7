import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { internalTextArg, ticketIdArg } from './args.js';
import { FollowupOutput, NoteOutput, TicketOutput } from './outputs.js';

export const addAiTicketAgentResolution = defineTool({
  name: 'add_ai_ticket_agent_resolution',
  title: 'Add AI ticket agent resolution',
  description:
    "Stores the agent's internal resolution and queues a follow-up message to the customer composed from it. The ticket resolves once it is sent, or now with resolve_after_notify false. A newer resolution replaces a queued follow-up.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  action: 'add',
  input: Type.Object({
    ticket_id: ticketIdArg,
    body: internalTextArg('The internal resolution; the customer message is composed from it.'),
    resolve_after_notify: Type.Optional(
      Type.Boolean({ default: true, description: 'Resolve only once the customer has been notified.' }),
    ),
  }),
  output: Type.Object({ ticket: TicketOutput, resolution: NoteOutput, followup: FollowupOutput }),
  handler: async ({ ticket_id, body, resolve_after_notify }, { services }) =>
    services.ticketResolutionsService.resolve(ticket_id, body, resolve_after_notify!),
});
