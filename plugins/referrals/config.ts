import { Type, type Static } from '../../core/index.js';

/** The installation's referral programme: what qualifies, what it pays, and its limits. */
export const ReferralsConfig = Type.Object(
  {
    /** Credits the referring shop gets per qualified referral. */
    referrerCredits: Type.Integer({ minimum: 0, default: 10_000 }),
    /** Credits the referred shop gets. */
    refereeCredits: Type.Integer({ minimum: 0, default: 5_000 }),
    /** A referral qualifies once the referred shop has bought (and kept) at least this many credits. */
    minPurchaseCredits: Type.Integer({ minimum: 1, default: 20_000 }),
    /** Days between qualifying and the reward, so a refunded payment can still cancel it. */
    holdDays: Type.Integer({ minimum: 0, maximum: 365, default: 14 }),
    /** A shop may apply a code this many days after it was created. */
    applyWindowDays: Type.Integer({ minimum: 1, maximum: 365, default: 14 }),
    /** Rewards a shop may earn per calendar month (UTC) and in all. */
    monthlyCap: Type.Integer({ minimum: 1, default: 5 }),
    lifetimeCap: Type.Integer({ minimum: 1, default: 50 }),
    /** A reward is taken back if the referred shop's purchase is refunded within this many days of it. */
    reversalDays: Type.Integer({ minimum: 0, maximum: 365, default: 30 }),
    /** Where a referral link sends people (the platform's sign-up page); ?ref=<code> is added. */
    signupUrl: Type.Optional(Type.String({ minLength: 8 })),
  },
  { additionalProperties: false, default: {} },
);

export type ReferralsConfig = Static<typeof ReferralsConfig>;
