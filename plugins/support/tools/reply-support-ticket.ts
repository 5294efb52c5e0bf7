import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { fileIdsArg, ThreadOutput } from './outputs.js';

export const replySupportTicket = defineTool({
  name: 'reply_support_ticket',
  title: 'Reply to support ticket',
  description: "Adds the shop's message to a support ticket (not closed); a resolved ticket reopens.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    ticket_id: Type.Integer({ minimum: 1 }),
    message: Type.String({ minLength: 1, maxLength: 10_000 }),
    file_ids: fileIdsArg,
  }),
  output: ThreadOutput,
  handler: async ({ ticket_id, message, file_ids }, { services }) =>
    services.supportTicketsService.reply(ticket_id, message, file_ids),
});
