import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { threadPayload } from '../services/payloads.js';
import { threadIdArg } from './args.js';
import { ThreadOutput } from './outputs.js';

export const linkEmailThreadPhone = defineTool({
  name: 'link_email_thread_phone',
  title: 'Link email thread to phone',
  description:
    "Links a thread to a customer's phone so mail and chat meet; null unlinks. The sender address is remembered for that phone (see backfill_email_phones).",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ thread_id: threadIdArg, phone: Nullable(Type.String({ minLength: 3, maxLength: 32 })) }),
  output: Type.Object({ thread: ThreadOutput }),
  handler: async ({ thread_id, phone }, { services }) => {
    const thread = await services.emailPhonesService.link(await services.emailThreadsService.get(thread_id), phone);
    return { thread: threadPayload(thread, await services.emailThreadsService.deletedAccounts([thread])) };
  },
});
