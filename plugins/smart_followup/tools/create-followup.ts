import { Type, DateTimeArg } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { FollowupOutput, phoneArg, ReferenceSchema, typeArg } from './args.js';

export const createFollowup = defineTool({
  name: 'create_followup',
  title: 'Create follow-up',
  description:
    "Plans a follow-up of a customer's conversation, quote or cart. Without due_at the time follows the type's rules; without message the template is sent. Stops when the customer answers, the shop writes, they opt out, or it is marked converted.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    phone: phoneArg(),
    type: typeArg(),
    reference: Type.Optional(ReferenceSchema),
    due_at: Type.Optional(DateTimeArg('When to send the first message.')),
    message: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1000,
        description: 'The text instead of the template; same placeholders.',
      }),
    ),
    session_id: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The line to send from; default: by the type’s sender role.' }),
    ),
  }),
  output: Type.Object({ followup: FollowupOutput }),
  handler: async ({ phone, type, reference, due_at, message, session_id }, { services }) =>
    services.followupsService.create({ phone, type, reference, dueAt: due_at, message, sessionId: session_id }),
});
