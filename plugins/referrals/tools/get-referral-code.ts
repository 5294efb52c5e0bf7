import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getReferralCode = defineTool({
  name: 'get_referral_code',
  title: 'Get referral code',
  description: "The shop's referral code and link; a shop created with it counts as this shop's referral.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({ code: Type.String(), url: Type.String(), created_at: Type.String() }),
  handler: async (_args, { services }) => services.referralCodesService.codePayload(),
});
