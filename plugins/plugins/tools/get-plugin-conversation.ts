import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { sessionIdArg } from './args.js';
import { ConversationOutput, CustomerOutput, MessageOutput, NoteOutput } from './outputs.js';

export const getPluginConversation = defineTool({
  name: 'get_plugin_conversation',
  title: 'Get a widget conversation',
  description: 'A widget conversation with its last messages, its note and its customer.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    session_id: sessionIdArg(),
    message_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  }),
  output: Type.Object({
    conversation: Type.Intersect([ConversationOutput, Type.Object({ note: NoteOutput })]),
    messages: Type.Array(MessageOutput),
    customer: CustomerOutput,
  }),
  handler: async ({ session_id, message_limit }, { services }) =>
    services.widgetConversationsService.get(session_id, message_limit ?? 100),
});
