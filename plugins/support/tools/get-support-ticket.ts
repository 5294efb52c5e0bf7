import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ThreadOutput } from './outputs.js';

export const getSupportTicket = defineTool({
  name: 'get_support_ticket',
  title: 'Get support ticket',
  description: 'A support ticket with its thread, oldest first, and the diagnostics sent with it.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ticket_id: Type.Integer({ minimum: 1 }) }),
  output: ThreadOutput,
  handler: async ({ ticket_id }, { services }) => services.supportTicketsService.get(ticket_id),
});
