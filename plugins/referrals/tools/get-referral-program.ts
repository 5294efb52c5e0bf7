import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getReferralProgram = defineTool({
  name: 'get_referral_program',
  title: 'Get referral program',
  description: "The platform's referral terms: rewards, qualification, holding period, caps and rules.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({
    referrer_credits: Type.Integer(),
    referee_credits: Type.Integer(),
    qualification: Type.String(),
    min_purchase_credits: Type.Integer(),
    hold_days: Type.Integer(),
    apply_window_days: Type.Integer(),
    monthly_cap: Type.Integer(),
    lifetime_cap: Type.Integer(),
    reversal_days: Type.Integer(),
    rules: Type.Array(Type.String()),
  }),
  handler: async (_args, { services }) => services.referralsService.program(),
});
