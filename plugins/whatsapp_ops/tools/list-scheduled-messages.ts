import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg, scheduledStatusArg } from './args.js';

export const listScheduledMessages = defineTool({
  name: 'list_scheduled_messages',
  title: 'List scheduled messages',
  description:
    'Scheduled messages, soonest first, optionally by status (scheduled, sending, sent, failed, cancelled) and customer phone.',
  kind: 'query',
  input: Type.Object({
    status: Type.Optional(scheduledStatusArg('Only messages with this status.')),
    phone: Type.Optional(phoneArg('Only messages to this customer.')),
    ...PagingArgs,
  }),
  handler: async ({ status, phone, limit, offset }, { services }) =>
    services.chatappScheduledMessagesService.list({ status, phone }, { limit: limit!, offset: offset! }),
});
