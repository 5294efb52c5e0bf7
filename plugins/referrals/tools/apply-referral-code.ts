import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ReferralOutput } from './outputs.js';

export const applyReferralCode = defineTool({
  name: 'apply_referral_code',
  title: 'Apply referral code',
  description:
    "Records that another shop brought this one, within this shop's first days; once, not its own code. Both are rewarded when this shop's purchases qualify.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({ code: Type.String({ minLength: 4, maxLength: 32 }) }),
  output: Type.Object({ referral: ReferralOutput }),
  handler: async ({ code }, { services }) => services.referralsService.apply(code),
});
