import type { JobContext } from '../../../core/index.js';
import type { ReferralsConfig } from '../config.js';
import { Referral } from '../entities/referral.entity.js';

const DAY = 86_400_000;
const BATCH = 200;
type Side = 'referrer' | 'referee';

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
export class ReferralSettlement {
  private readonly now = new Date();

  constructor(private readonly ctx: JobContext<ReferralsConfig>) {}

  async run(): Promise<void> {
    await this.qualify();
    await this.reward();
    await this.reverse();
  }

  private paid(shopId: number): Promise<number> {
    return this.ctx.forShop(shopId, ({ services }) => services.credits.netPurchased());
  }

  private async qualify(): Promise<void> {
    const { em, config } = this.ctx;
    for (const r of await em.find(Referral, { status: 'signed_up' }, { orderBy: { updatedAt: 'asc' }, limit: BATCH })) {
      if ((await this.paid(r.refereeShopId)) >= config.minPurchaseCredits) {
        r.status = 'qualified';
        r.qualifiedAt = this.now;
        r.rewardDueAt = new Date(this.now.getTime() + config.holdDays * DAY);
      }
      r.updatedAt = this.now;
    }
    await em.flush();
  }

  private async reward(): Promise<void> {
    const { em } = this.ctx;
    for (const r of await em.find(
      Referral,
      { status: 'qualified', rewardDueAt: { $lte: this.now } },
      { orderBy: { rewardDueAt: 'asc' }, limit: BATCH },
    )) {
      const refusal = await this.refusal(r);
      if (refusal) {
        r.status = 'rejected';
        r.reason = refusal;
        await em.flush();
        continue;
      }
      await this.pay(r.id, r.refereeShopId, 'referee', r.refereeCredits);
      await this.pay(r.id, r.referrerShopId, 'referrer', r.referrerCredits);
      await em.refresh(r);
      if (!r.referrerRewardedAt || !r.refereeRewardedAt) continue;
      r.status = 'rewarded';
      r.rewardedAt = new Date();
      await em.flush();
    }
  }

  /** Why a due reward is not paid: the purchase given back, or the referrer's caps reached. */
  private async refusal(r: Referral): Promise<string | null> {
    const { em, config } = this.ctx;
    const monthStart = new Date(Date.UTC(this.now.getUTCFullYear(), this.now.getUTCMonth(), 1));
    const rewarded = await em.find(Referral, { referrerShopId: r.referrerShopId, referrerRewardedAt: { $ne: null } });
    if ((await this.paid(r.refereeShopId)) < config.minPurchaseCredits)
      return 'purchase_refunded: the referred shop’s purchase was given back before the reward';
    if (rewarded.length >= config.lifetimeCap)
      return `lifetime_cap: the referrer has had ${config.lifetimeCap} rewards`;
    if (rewarded.filter((x) => x.referrerRewardedAt! >= monthStart).length >= config.monthlyCap)
      return `monthly_cap: the referrer has had ${config.monthlyCap} rewards this month`;
    return null;
  }

  private async reverse(): Promise<void> {
    const { em, config } = this.ctx;
    for (const r of await em.find(
      Referral,
      { status: 'rewarded', rewardedAt: { $gte: new Date(this.now.getTime() - config.reversalDays * DAY) } },
      { orderBy: { rewardedAt: 'asc' }, limit: BATCH },
    )) {
      if ((await this.paid(r.refereeShopId)) >= config.minPurchaseCredits) continue;
      await this.takeBack(r.id, r.refereeShopId, 'referee', r.refereeCredits);
      await this.takeBack(r.id, r.referrerShopId, 'referrer', r.referrerCredits);
      await em.refresh(r);
      if (!r.referrerReversedAt || !r.refereeReversedAt) continue;
      r.status = 'reversed';
      r.reversedAt = new Date();
      r.reason = 'purchase_refunded: the referred shop’s purchase was given back after the reward';
      await em.flush();
    }
  }

  /** One side's reward, stamped in the transaction that credits it: a second run finds it stamped. */
  private async pay(id: number, shopId: number, side: Side, credits: number): Promise<void> {
    await this.ctx
      .forShop(shopId, async ({ em, services }) => {
        const stamped = await em.execute<{ id: number }[]>(
          `update referrals set ${side}_rewarded_at = now() where id = ? and ${side}_rewarded_at is null returning id`,
          [id],
        );
        if (stamped.length === 0) return;
        if (credits > 0) await services.credits.add(credits, 'referral_reward', `referral:${id}`, 'reward');
        await services.events.emit('referrals.rewarded', { referral_id: id, side, credits });
      })
      .catch((err) => this.ctx.log.error({ err, referral: id, side }, 'referral reward failed; tried again next run'));
  }

  private async takeBack(id: number, shopId: number, side: Side, credits: number): Promise<void> {
    await this.ctx
      .forShop(shopId, async ({ em, services }) => {
        const stamped = await em.execute<{ id: number }[]>(
          `update referrals set ${side}_reversed_at = now() where id = ? and ${side}_reversed_at is null and ${side}_rewarded_at is not null returning id`,
          [id],
        );
        if (stamped.length === 0) return;
        const amount = Math.min(credits, await services.credits.balance());
        if (amount > 0) await services.credits.debit(amount, 'referral_reversal', `referral:${id}`, 'reversal');
      })
      .catch((err) =>
        this.ctx.log.error({ err, referral: id, side }, 'referral reversal failed; tried again next run'),
      );
  }
}
