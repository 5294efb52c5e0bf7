import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { sessionIdArg } from './args.js';
import { ConversationOutput } from './outputs.js';

export const closePluginConversation = defineTool({
  name: 'close_plugin_conversation',
  title: 'Close a widget conversation',
  description: "Ends the conversation; the visitor's widget starts a new one.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ session_id: sessionIdArg() }),
  output: Type.Object({ conversation: ConversationOutput }),
  handler: async ({ session_id }, { services }) => services.widgetConversationsService.close(session_id),
});
