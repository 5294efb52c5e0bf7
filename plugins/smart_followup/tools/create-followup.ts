import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { FollowupOutput, phoneArg, ReferenceSchema, typeArg } from './args.js';

export const createFollowup = defineTool({
  name: 'create_followup',
  title: 'Create follow-up',
  description:
    'Plans a follow-up of a customer: a conversation, or a quote or cart (with its reference). Without due_at the time is chosen: after the type’s first delay, outside quiet hours, inside the shop’s opening hours when respected, and (smart timing) at the hour this customer, or the shop’s customers, write most. Without message the type’s template is sent. Up to max_attempts messages, max_gap apart; the sequence stops when the customer answers, a person at the shop writes to them, they opt out, or it is marked converted.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    phone: phoneArg(),
    type: typeArg('conversation, quote or cart.'),
    reference: Type.Optional(ReferenceSchema),
    due_at: Type.Optional(
      Type.String({
        maxLength: 40,
        description: 'When to send the first message (the shop’s time, or with an offset).',
      }),
    ),
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
