import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { sessionIdArg } from './args.js';
import { NoteOutput } from './outputs.js';

export const addPluginConversationNote = defineTool({
  name: 'add_plugin_conversation_note',
  title: 'Note a widget conversation',
  description: "Sets the conversation's internal note (replacing any earlier one); the visitor never sees it.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    session_id: sessionIdArg(),
    note: Type.String({ minLength: 1, maxLength: 10_000 }),
    agent_name: Type.Optional(Type.String({ maxLength: 120 })),
  }),
  output: Type.Object({ session_id: Type.String(), has_note: Type.Boolean(), note: NoteOutput }),
  handler: async ({ session_id, note, agent_name }, { services }) =>
    services.widgetConversationsService.addNote(session_id, note, agent_name),
});
