import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { messagePayload, notePayload, threadPayload } from '../services/payloads.js';
import { threadIdArg } from './args.js';
import { MessageOutput, NoteOutput, ThreadOutput } from './outputs.js';

export const getEmailThread = defineTool({
  name: 'get_email_thread',
  title: 'Get email thread',
  description:
    'A thread with its newest 200 messages oldest first (text and sanitised HTML bodies unless include_bodies is false), attachment details and internal notes.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ thread_id: threadIdArg, include_bodies: Type.Optional(Type.Boolean({ default: true })) }),
  output: Type.Object({
    thread: ThreadOutput,
    messages: Type.Array(MessageOutput),
    total_messages: Type.Integer(),
    notes: Type.Array(NoteOutput),
  }),
  handler: async ({ thread_id, include_bodies = true }, { services }) => {
    const { thread, messages, notes, total } = await services.emailThreadsService.detail(thread_id);
    const deleted = await services.emailThreadsService.deletedAccounts([thread]);
    return {
      thread: threadPayload(thread, deleted),
      messages: messages.map((m) => messagePayload(m, include_bodies)),
      total_messages: total,
      notes: notes.map(notePayload),
    };
  },
});
