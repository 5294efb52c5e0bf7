import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { sessionIdArg } from './args.js';
import { ConversationOutput } from './outputs.js';

export const linkPluginConversationCustomer = defineTool({
  name: 'link_plugin_conversation_customer',
  title: 'Link a widget conversation to a customer',
  description: 'Links the conversation to the customer with this phone (created when new).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ session_id: sessionIdArg(), phone: Type.String({ minLength: 3, maxLength: 30 }) }),
  output: Type.Object({
    conversation: ConversationOutput,
    customer: Type.Record(Type.String(), Type.Unknown()),
    customer_created: Type.Boolean(),
  }),
  handler: async ({ session_id, phone }, { services }) => services.widgetConversationsService.link(session_id, phone),
});
