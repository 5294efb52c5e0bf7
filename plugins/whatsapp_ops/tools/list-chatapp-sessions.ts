import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { sessionStatusArg } from './args.js';
import { ChannelLabelFields, SessionOutput } from './outputs.js';

export const listChatappSessions = defineTool({
  name: 'list_chatapp_sessions',
  title: 'List messaging sessions',
  description: 'Messaging sessions (numbers), oldest first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(sessionStatusArg()),
    ...PagingArgs,
  }),
  output: pageOutput('sessions', SessionOutput, ChannelLabelFields),
  handler: async ({ status, limit, offset }, { services }) =>
    services.chatappSessionsService.list(status, { limit: limit!, offset: offset! }),
});
