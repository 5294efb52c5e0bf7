import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { CustomerOutput, NoteOutput } from './outputs.js';

export const checkPluginConversationNote = defineTool({
  name: 'check_plugin_conversation_note',
  title: 'Check a chat conversation’s note',
  description: 'Whether a chat-widget conversation has a note, the note, and its linked customer.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    session_id: Type.String({ minLength: 1, maxLength: 40, description: 'A chat-widget session (ws_…).' }),
  }),
  output: Type.Object({
    session_id: Type.String(),
    has_note: Type.Boolean(),
    note: NoteOutput,
    customer: CustomerOutput,
  }),
  handler: async ({ session_id }, { services }) => services.widgetConversationsService.checkNote(session_id),
});
