import { defineJob } from '../define.js';
import { ReferralSettlement } from '../services/referral-settlement.js';

/** Qualifies, rewards and reverses referrals (services/referral-settlement.ts says how). */
export const settleReferrals = defineJob({
  name: 'settle-referrals',
  schedule: '*/5 * * * *',
  scope: 'system',
  description: 'Qualifies, rewards and reverses referrals by the referred shops’ paid credits.',
  run: (ctx) => new ReferralSettlement(ctx).run(),
});
