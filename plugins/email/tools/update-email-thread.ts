import { Nullable, Type, DateTimeArg } from '../../../core/index.js';
import { CATEGORIES, THREAD_STATUSES } from '../entities/values.js';
import { defineTool } from '../define.js';
import { threadPayload } from '../services/payloads.js';
import { threadIdArg } from './args.js';
import { ThreadOutput } from './outputs.js';

export const updateEmailThread = defineTool({
  name: 'update_email_thread',
  title: 'Update email thread',
  description:
    "Sets a thread's status, snooze (it reopens by itself; null ends it), category, or read state. New mail reopens a thread unless it is spam.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    thread_id: threadIdArg,
    status: Type.Optional(Type.Enum([...THREAD_STATUSES])),
    snoozed_until: Type.Optional(Nullable(DateTimeArg('In the future; null wakes the thread.'))),
    category: Type.Optional(Nullable(Type.Enum([...CATEGORIES]))),
    read: Type.Optional(Type.Boolean()),
  }),
  output: Type.Object({ thread: ThreadOutput }),
  handler: async ({ thread_id, ...changes }, { services }) => {
    const thread = await services.emailThreadsService.update(thread_id, changes);
    return { thread: threadPayload(thread, await services.emailThreadsService.deletedAccounts([thread])) };
  },
});
