import { defineJob } from '../define.js';
import { Referral } from '../entities/referral.entity.js';

const DAY = 86_400_000;
const BATCH = 200;

/**
 * Moves referrals along, each side's credits in that shop's own transaction:
 * 1. signed_up → qualified when the referred shop has bought (and kept) minPurchaseCredits;
 *    the reward falls due holdDays later;
 * 2. qualified and due → rewarded (each side credited once, stamped with its credit), or rejected
 *    when the purchase was refunded meanwhile or the referrer's cap is reached;
 * 3. rewarded within reversalDays and the purchase refunded below the minimum → reversed, the
 *    rewards taken back (as much as each balance holds: the balance never goes negative).
 * Waiting referrals are checked oldest-checked first, a batch per run.
 */
export const settleReferrals = defineJob({
  name: 'settle-referrals',
  schedule: '*/5 * * * *',
  scope: 'system',
  description: 'Qualifies, rewards and reverses referrals by the referred shops’ paid credits.',
  run: async ({ em, forShop, config, log }) => {
    const paid = (shopId: number) => forShop(shopId, ({ services }) => services.credits.netPurchased());
    const now = new Date();

    for (const r of await em.find(Referral, { status: 'signed_up' }, { orderBy: { updatedAt: 'asc' }, limit: BATCH })) {
      if ((await paid(r.refereeShopId)) >= config.minPurchaseCredits) {
        r.status = 'qualified';
        r.qualifiedAt = now;
        r.rewardDueAt = new Date(now.getTime() + config.holdDays * DAY);
      }
      r.updatedAt = now;
    }
    await em.flush();

    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    for (const r of await em.find(
      Referral,
      { status: 'qualified', rewardDueAt: { $lte: now } },
      { orderBy: { rewardDueAt: 'asc' }, limit: BATCH },
    )) {
      const rewarded = await em.find(Referral, { referrerShopId: r.referrerShopId, referrerRewardedAt: { $ne: null } });
      const refusal =
        (await paid(r.refereeShopId)) < config.minPurchaseCredits
          ? 'purchase_refunded: the referred shop’s purchase was given back before the reward'
          : rewarded.length >= config.lifetimeCap
            ? `lifetime_cap: the referrer has had ${config.lifetimeCap} rewards`
            : rewarded.filter((x) => x.referrerRewardedAt! >= monthStart).length >= config.monthlyCap
              ? `monthly_cap: the referrer has had ${config.monthlyCap} rewards this month`
              : null;
      if (refusal) {
        r.status = 'rejected';
        r.reason = refusal;
        await em.flush();
        continue;
      }
      await pay(r.id, r.refereeShopId, 'referee', r.refereeCredits);
      await pay(r.id, r.referrerShopId, 'referrer', r.referrerCredits);
      await em.refresh(r);
      if (!r.referrerRewardedAt || !r.refereeRewardedAt) continue;
      r.status = 'rewarded';
      r.rewardedAt = new Date();
      await em.flush();
    }

    for (const r of await em.find(
      Referral,
      { status: 'rewarded', rewardedAt: { $gte: new Date(now.getTime() - config.reversalDays * DAY) } },
      { orderBy: { rewardedAt: 'asc' }, limit: BATCH },
    )) {
      if ((await paid(r.refereeShopId)) >= config.minPurchaseCredits) continue;
      await takeBack(r.id, r.refereeShopId, 'referee', r.refereeCredits);
      await takeBack(r.id, r.referrerShopId, 'referrer', r.referrerCredits);
      await em.refresh(r);
      if (!r.referrerReversedAt || !r.refereeReversedAt) continue;
      r.status = 'reversed';
      r.reversedAt = new Date();
      r.reason = 'purchase_refunded: the referred shop’s purchase was given back after the reward';
      await em.flush();
    }

    /** One side's reward, stamped in the transaction that credits it: a second run finds it stamped. */
    async function pay(id: number, shopId: number, side: 'referrer' | 'referee', credits: number) {
      await forShop(shopId, async ({ em: tem, services }) => {
        const stamped = await tem.execute<{ id: number }[]>(
          `update referrals set ${side}_rewarded_at = now() where id = ? and ${side}_rewarded_at is null returning id`,
          [id],
        );
        if (stamped.length === 0) return;
        if (credits > 0) await services.credits.add(credits, 'referral_reward', `referral:${id}`, 'reward');
        await services.events.emit('referrals.rewarded', { referral_id: id, side, credits });
      }).catch((err) => log.error({ err, referral: id, side }, 'referral reward failed; tried again next run'));
    }

    async function takeBack(id: number, shopId: number, side: 'referrer' | 'referee', credits: number) {
      await forShop(shopId, async ({ em: tem, services }) => {
        const stamped = await tem.execute<{ id: number }[]>(
          `update referrals set ${side}_reversed_at = now() where id = ? and ${side}_reversed_at is null and ${side}_rewarded_at is not null returning id`,
          [id],
        );
        if (stamped.length === 0) return;
        const amount = Math.min(credits, await services.credits.balance());
        if (amount > 0) await services.credits.debit(amount, 'referral_reversal', `referral:${id}`, 'reversal');
      }).catch((err) => log.error({ err, referral: id, side }, 'referral reversal failed; tried again next run'));
    }
  },
});
