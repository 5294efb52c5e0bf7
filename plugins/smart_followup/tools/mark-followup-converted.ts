import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { FollowupOutput, followupIdArg } from './args.js';

export const markFollowupConverted = defineTool({
  name: 'mark_followup_converted',
  title: 'Mark follow-up converted',
  description:
    'The customer bought or accepted: stops the follow-up (or every one of a quote or cart reference) and counts it converted.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    followup_id: Type.Optional(followupIdArg),
    reference: Type.Optional(
      Type.Object(
        { kind: Type.Enum(['quote', 'cart']), id: Type.String({ minLength: 1, maxLength: 100 }) },
        { additionalProperties: false },
      ),
    ),
  }),
  output: Type.Object({ followups: Type.Array(FollowupOutput), count: Type.Integer() }),
  handler: async ({ followup_id, reference }, { services }) =>
    services.followupsService.convert(followup_id, reference),
});
