import { isoOrNull } from '../../../core/index.js';
import type { Referral } from '../entities/referral.entity.js';

/** "Casa Lola Tapas" → "C. L. T.": the referrer sees who came, not another shop's name. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 4)
    .map((w) => `${[...w][0]!.toUpperCase()}.`)
    .join(' ');

export function referralPayload(r: Referral, viewerShopId: number) {
  const role = r.referrerShopId === viewerShopId ? ('referrer' as const) : ('referee' as const);
  return {
    id: r.id,
    role,
    status: r.status,
    reason: r.reason ?? null,
    referee: role === 'referrer' ? initials(r.refereeName) : r.refereeName,
    via_link_id: role === 'referrer' ? (r.linkId ?? null) : null,
    your_credits: role === 'referrer' ? r.referrerCredits : r.refereeCredits,
    qualified_at: isoOrNull(r.qualifiedAt),
    reward_due_at: isoOrNull(r.rewardDueAt),
    rewarded_at: isoOrNull(r.rewardedAt),
    reversed_at: isoOrNull(r.reversedAt),
    created_at: r.createdAt.toISOString(),
  };
}
