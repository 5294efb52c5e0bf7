import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { TimingOutput } from './args.js';

export const scanUnansweredConversations = defineTool({
  name: 'scan_unanswered_conversations',
  title: 'Scan unanswered conversations',
  description:
    'Conversations where the shop wrote last in the last hours and the customer has not answered, with any planned follow-up, opt-out, and when a conversation follow-up would go. Plans nothing.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 720, default: 24 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  }),
  output: Type.Object({
    conversations: Type.Array(
      Type.Object({
        phone: Type.String(),
        session_id: Type.Integer(),
        last_shop_message_id: Type.Integer(),
        last_shop_message_at: Type.String(),
        followup_id: Type.Union([Type.Integer(), Type.Null()]),
        opted_out: Type.Boolean(),
        proposed_due_at: Type.String(),
        timing: TimingOutput,
      }),
    ),
    count: Type.Integer(),
    hours: Type.Integer(),
    limit: Type.Integer(),
    planner_enabled: Type.Boolean(),
  }),
  handler: async ({ hours, limit }, { services }) => services.followupPlannerService.scan(hours ?? 24, limit ?? 20),
});
