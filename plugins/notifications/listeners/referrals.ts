import type { EventHandler } from '../../../core/index.js';
import type { ReferralsRewarded } from '../../referrals/surface.js';
import { OWNER } from '../entities/values.js';

/** Credits from the referral programme landed on the shop's balance. */
export const onReferralRewarded: EventHandler<ReferralsRewarded> = async (e, { services }) => {
  await services.notificationsService.notify({
    recipients: [OWNER],
    type: 'referral_rewarded',
    title: `Referral reward: ${e.credits} credits`,
    body:
      e.side === 'referrer'
        ? 'A shop you referred qualified; the credits are on your balance.'
        : 'Welcome credits for joining through a referral are on your balance.',
    resource: { type: 'referral', id: e.referral_id },
    dedupeKey: `referral:${e.referral_id}`,
  });
};
