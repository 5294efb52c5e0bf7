import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ReferralOutput } from './outputs.js';

export const getReferralStats = defineTool({
  name: 'get_referral_stats',
  title: 'Get referral stats',
  description:
    "The shop's referral figures: clicks, sign-ups, qualified, rewarded, credits earned and pending, caps left, and who brought this shop.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({
    code: Type.String(),
    clicks: Type.Integer(),
    signups: Type.Integer(),
    qualified: Type.Integer(),
    rewarded: Type.Integer(),
    rejected: Type.Integer(),
    reversed: Type.Integer(),
    credits_earned: Type.Integer(),
    credits_pending: Type.Integer(),
    monthly_cap_left: Type.Integer(),
    lifetime_cap_left: Type.Integer(),
    referred_by: Nullable(ReferralOutput),
  }),
  handler: async (_args, { services }) => services.referralsService.stats(),
});
