import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ReferralOutput } from './outputs.js';

export const getReferral = defineTool({
  name: 'get_referral',
  title: 'Get referral',
  description: 'One referral this shop made or came from, with status, dates and reward.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ referral_id: Type.Integer({ minimum: 1 }) }),
  output: Type.Object({ referral: ReferralOutput }),
  handler: async ({ referral_id }, { services }) => services.referralsService.get(referral_id),
});
