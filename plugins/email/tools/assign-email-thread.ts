import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { threadPayload } from '../services/payloads.js';
import { threadIdArg } from './args.js';
import { ThreadOutput } from './outputs.js';

export const assignEmailThread = defineTool({
  name: 'assign_email_thread',
  title: 'Assign email thread',
  description:
    "Gives a thread to an agent (assign_to or agent_hash); both left out or null unassigns. The agent needs access to the thread's account.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  action: 'assign',
  input: Type.Object({
    thread_id: threadIdArg,
    assign_to: Type.Optional(
      Nullable(Type.Integer({ minimum: 1, description: 'Agent id; omit or null to unassign.' })),
    ),
    agent_hash: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64, description: 'null unassigns.' }))),
  }),
  output: Type.Object({ thread: ThreadOutput }),
  handler: async ({ thread_id, assign_to, agent_hash }, { services }) => {
    const thread = await services.emailThreadsService.assign(thread_id, assign_to, agent_hash);
    return { thread: threadPayload(thread, await services.emailThreadsService.deletedAccounts([thread])) };
  },
});
