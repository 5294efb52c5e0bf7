import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { notePayload } from '../services/payloads.js';
import { threadIdArg } from './args.js';
import { NoteOutput } from './outputs.js';

export const addEmailNote = defineTool({
  name: 'add_email_note',
  title: 'Add email note',
  description: 'Adds an internal note to a thread, shown to agents, never sent.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'add',
  input: Type.Object({
    thread_id: threadIdArg,
    note_text: Type.String({ minLength: 1, maxLength: 10_000 }),
    agent_name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    agent_color: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'Hex, e.g. #2563eb.' })),
    avatar_url: Type.Optional(Type.String({ minLength: 8, maxLength: 2000, pattern: '^https?://' })),
  }),
  output: Type.Object({ note: NoteOutput }),
  handler: async ({ thread_id, ...note }, { services }) => ({
    note: notePayload(await services.emailThreadsService.addNote(thread_id, note)),
  }),
});
