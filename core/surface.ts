/** The kernel's own events, declared like a group's (docs/events.md lists them with the groups'). Types only. */

/**
 * Fired once per new shop, in a transaction of its own that also marks it announced: groups seed
 * per-shop defaults here. At least once: a listener that fails has the announcement retried.
 */
export interface ShopCreated {
  shop_id: number;
  name: string;
  timezone: string;
  locale: string;
  currency: string;
  /** The referral code the operator gave when creating the shop, if any. */
  referral_code: string | null;
}

/**
 * Fired when a debit takes the shop's balance below the installation's `credits.lowBalance`, in
 * the debit's transaction: once per crossing (again only after a top-up lifted it back over).
 */
export interface CreditsLow {
  balance: number;
  threshold: number;
}

declare module './index.js' {
  interface EventMap {
    'shop.created': ShopCreated;
    'credits.low': CreditsLow;
  }
}
