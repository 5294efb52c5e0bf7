/** The referrals group as other groups see it: its events. Types only. */
import type { ReferralCodesService } from './services/referral-codes-service.js';
import type { ReferralsService } from './services/referrals-service.js';

/** Fired in a shop's transaction when it is credited a referral reward (each side its own event). */
export interface ReferralsRewarded {
  referral_id: number;
  /** referrer: the shop brought another; referee: the shop was brought. */
  side: 'referrer' | 'referee';
  credits: number;
}

declare module '../../core/index.js' {
  interface GroupServices {
    referralCodesService: ReferralCodesService;
    referralsService: ReferralsService;
  }
  interface EventMap {
    'referrals.rewarded': ReferralsRewarded;
  }
}
