/**
 * signed_up (the referred shop exists) → qualified (it bought enough credits; the reward waits
 * holdDays) → rewarded (both shops credited); rejected (a rule refused the reward: cap, refund);
 * reversed (the purchase was refunded after the reward, which was taken back).
 */
export const REFERRAL_STATUSES: ['signed_up', 'qualified', 'rewarded', 'rejected', 'reversed'] = [
  'signed_up',
  'qualified',
  'rewarded',
  'rejected',
  'reversed',
];
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
