import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg, scheduledStatusArg } from './args.js';
import { ScheduledOutput } from './outputs.js';

export const listScheduledMessages = defineTool({
  name: 'list_scheduled_messages',
  title: 'List scheduled messages',
  description: 'Scheduled messages, soonest first, by status and phone.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(scheduledStatusArg()),
    phone: Type.Optional(phoneArg('Only messages to this customer.')),
    ...PagingArgs,
  }),
  output: pageOutput('scheduled_messages', ScheduledOutput),
  handler: async ({ status, phone, limit, offset }, { services }) =>
    services.chatappScheduledMessagesService.list({ status, phone }, { limit: limit!, offset: offset! }),
});
