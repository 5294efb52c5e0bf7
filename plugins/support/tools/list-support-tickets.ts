import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SUPPORT_STATUSES } from '../entities/values.js';
import { TicketPage } from './outputs.js';

export const listSupportTickets = defineTool({
  name: 'list_support_tickets',
  title: 'List support tickets',
  description: "The shop's tickets with the platform's support, latest activity first.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ status: Type.Optional(Type.Enum(SUPPORT_STATUSES)), ...PagingArgs }),
  output: TicketPage,
  handler: async ({ status, limit, offset }, { services }) =>
    services.supportTicketsService.list(status, { limit: limit!, offset: offset! }),
});
