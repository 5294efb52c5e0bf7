import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { sessionIdArg } from './args.js';
import { ConversationOutput, MessageOutput } from './outputs.js';

export const replyPluginConversation = defineTool({
  name: 'reply_plugin_conversation',
  title: 'Reply in a widget conversation',
  description:
    'A person of the shop answers the visitor in the widget (shown within 3 s). pause_ai stops the assistant in this conversation; false hands it back.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    session_id: sessionIdArg(),
    message: Type.String({ minLength: 1, maxLength: 2_000 }),
    pause_ai: Type.Optional(Type.Boolean({ default: true })),
    agent_name: Type.Optional(Type.String({ maxLength: 120, description: 'Shown to the visitor with the message.' })),
  }),
  output: Type.Object({ message: MessageOutput, conversation: ConversationOutput }),
  handler: async ({ session_id, message, pause_ai, agent_name }, { services }) =>
    services.widgetConversationsService.reply(session_id, message, pause_ai ?? true, agent_name),
});
