import { Type, DateTimeArg } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { FollowupOutput, followupIdArg } from './args.js';

export const rescheduleFollowup = defineTool({
  name: 'reschedule_followup',
  title: 'Reschedule follow-up',
  description:
    "Moves a scheduled follow-up's next attempt to due_at (future, before it expires), or with smart: true to the time its timing chooses.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    followup_id: followupIdArg,
    due_at: Type.Optional(DateTimeArg('The new due time.')),
    smart: Type.Optional(Type.Boolean()),
  }),
  output: Type.Object({ followup: FollowupOutput }),
  handler: async ({ followup_id, due_at, smart }, { services }) =>
    services.followupsService.reschedule(followup_id, due_at, smart),
});
