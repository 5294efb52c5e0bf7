import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { FollowupOutput, followupIdArg } from './args.js';

export const cancelFollowup = defineTool({
  name: 'cancel_followup',
  title: 'Cancel follow-up',
  description: 'Cancels a scheduled follow-up: no further attempt is sent.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    followup_id: followupIdArg,
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  }),
  output: Type.Object({ followup: FollowupOutput }),
  handler: async ({ followup_id, reason }, { services }) => services.followupsService.cancel(followup_id, reason),
});
