import type { EntityManager } from '../../../core/index.js';
import { ReferralCode } from '../entities/referral-code.entity.js';
import { ReferralLink } from '../entities/referral-link.entity.js';

/** What a code or a link slug points at. */
export interface ReferralTarget {
  shopId: number;
  code: string;
  /** 0: the code itself. */
  linkId: number;
}

/** Any shop's code or live link slug (case-insensitive): sign-ups and the public route read across shops. */
export async function resolveTarget(em: EntityManager, raw: string): Promise<ReferralTarget | null> {
  const value = raw.trim().toUpperCase();
  if (!/^[A-Z0-9]{4,16}(-[A-Z0-9]{5})?$/.test(value)) return null;
  const [codeValue] = value.split('-');
  const code = await em.findOne(ReferralCode, { code: codeValue! }, { filters: { tenant: false } });
  if (!code) return null;
  if (value === code.code) return { shopId: code.shopId, code: code.code, linkId: 0 };
  const link = await em.findOne(ReferralLink, { slug: value, disabledAt: null }, { filters: { tenant: false } });
  return link ? { shopId: link.shopId, code: code.code, linkId: link.id } : null;
}
