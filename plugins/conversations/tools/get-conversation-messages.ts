import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ADDRESSING, phoneArg, sessionIdArg } from './args.js';

export const getConversationMessages = defineTool({
  name: 'get_conversation_messages',
  title: 'Get conversation messages',
  description: `The messages of a conversation, inbound and outbound, newest first, with their delivery status. ${ADDRESSING}`,
  kind: 'query',
  input: Type.Object({
    phone: phoneArg,
    session_id: Type.Optional(sessionIdArg('The session (line) of the conversation; default: every session.')),
    ...PagingArgs,
  }),
  handler: async ({ phone, session_id, limit, offset }, { services }) =>
    services.conversationsService.messages(phone, session_id, { limit: limit!, offset: offset! }),
});
