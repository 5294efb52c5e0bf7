import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { EligibilityOutput, FollowupOutput, followupIdArg } from './args.js';

export const getFollowup = defineTool({
  name: 'get_followup',
  title: 'Get follow-up',
  description:
    'A follow-up with how its time was chosen, the messages sent, and whether a message could reach the customer now.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ followup_id: followupIdArg }),
  output: Type.Object({
    followup: FollowupOutput,
    sends: Type.Array(
      Type.Object({
        attempt: Type.Integer(),
        message_id: Type.Integer(),
        text: Type.String(),
        credits: Type.Integer(),
        sent_at: Type.String(),
      }),
    ),
    eligibility: EligibilityOutput,
  }),
  handler: async ({ followup_id }, { services }) => services.followupsService.get(followup_id),
});
