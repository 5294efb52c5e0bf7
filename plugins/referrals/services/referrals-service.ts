import type { ReferralsConfig } from '../config.js';
import {
  groupNotEnabled,
  invalidArguments,
  notFound,
  pageOf,
  ToolError,
  type EntityManager,
  type Paging,
  type ServiceDeps,
} from '../../../core/index.js';
import { ReferralClick } from '../entities/referral-click.entity.js';
import { Referral } from '../entities/referral.entity.js';
import type { ReferralStatus } from '../entities/values.js';
import type { ReferralTarget } from './resolve-target.js';
import { referralPayload } from './referral-payload.js';

const DAY = 86_400_000;
const INVITE_LINK = '{enlace}';

/** The programme as shops take part in it: signing up with a code, their referrals, stats, invites. */
export class ReferralsService {
  constructor(private readonly deps: ServiceDeps<ReferralsConfig>) {}

  private get em(): EntityManager {
    return this.deps.em;
  }

  program() {
    const c = this.deps.config;
    return {
      referrer_credits: c.referrerCredits,
      referee_credits: c.refereeCredits,
      qualification: `the referred shop buys at least ${c.minPurchaseCredits} credits (and keeps them)`,
      min_purchase_credits: c.minPurchaseCredits,
      hold_days: c.holdDays,
      apply_window_days: c.applyWindowDays,
      monthly_cap: c.monthlyCap,
      lifetime_cap: c.lifetimeCap,
      reversal_days: c.reversalDays,
      rules: [
        'one referral per shop: the first code applied wins',
        'a shop cannot use its own code',
        `a code can be applied up to ${c.applyWindowDays} days after the shop was created`,
        `the reward is paid ${c.holdDays} days after qualifying, if the purchase was not refunded`,
        `a reward is taken back when the purchase is refunded within ${c.reversalDays} days of it`,
      ],
    };
  }

  /** This shop was brought by `target` (its creation, or apply_referral_code). */
  async signUp(target: ReferralTarget, refereeName: string): Promise<Referral> {
    const me = this.deps.shop.id;
    if (target.shopId === me)
      throw new ToolError('referral_not_allowed', 'A shop cannot use its own referral code.', { reason: 'own_code' });
    const existing = await this.em.findOne(Referral, { refereeShopId: me });
    if (existing)
      throw new ToolError('referral_not_allowed', 'This shop already has a referral: the first code applied wins.', {
        reason: 'already_referred',
      });
    const c = this.deps.config;
    const referral = this.em.create(Referral, {
      referrerShopId: target.shopId,
      refereeShopId: me,
      refereeName,
      linkId: target.linkId || null,
      status: 'signed_up',
      referrerCredits: c.referrerCredits,
      refereeCredits: c.refereeCredits,
    } as Referral);
    await this.em.flush();
    return referral;
  }

  async apply(code: string) {
    const target = await this.deps.referralCodesService.resolve(code);
    if (!target) throw notFound('referral_code', code.trim().toUpperCase());
    const shop = await this.deps.shopProfile.get();
    const window = this.deps.config.applyWindowDays;
    if (Date.now() - shop.createdAt.getTime() > window * DAY)
      throw new ToolError('referral_not_allowed', `A code can be applied only in the shop's first ${window} days.`, {
        reason: 'window_closed',
      });
    return { referral: referralPayload(await this.signUp(target, shop.name), this.deps.shop.id) };
  }

  async list(status: ReferralStatus | undefined, paging: Paging) {
    const [rows, count] = await this.em.findAndCount(
      Referral,
      { referrerShopId: this.deps.shop.id, ...(status && { status }) },
      { orderBy: { id: 'desc' }, limit: paging.limit, offset: paging.offset },
    );
    return pageOf(
      'referrals',
      rows.map((r) => referralPayload(r, this.deps.shop.id)),
      count,
      paging,
    );
  }

  async get(id: number) {
    const me = this.deps.shop.id;
    const row = await this.em.findOne(Referral, { id, $or: [{ referrerShopId: me }, { refereeShopId: me }] });
    if (!row) throw notFound('referral', id);
    return { referral: referralPayload(row, me) };
  }

  async stats() {
    const me = this.deps.shop.id;
    const c = this.deps.config;
    const mine = await this.em.find(Referral, { referrerShopId: me });
    const count = (...statuses: ReferralStatus[]) => mine.filter((r) => statuses.includes(r.status)).length;
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const rewarded = mine.filter((r) => r.referrerRewardedAt);
    const referredBy = await this.em.findOne(Referral, { refereeShopId: me });
    return {
      code: (await this.deps.referralCodesService.codePayload()).code,
      clicks: await this.em.count(ReferralClick, {}),
      signups: mine.length,
      qualified: count('qualified'),
      rewarded: count('rewarded'),
      rejected: count('rejected'),
      reversed: count('reversed'),
      credits_earned: mine
        .filter((r) => r.referrerRewardedAt && !r.referrerReversedAt)
        .reduce((n, r) => n + r.referrerCredits, 0),
      credits_pending: mine.filter((r) => r.status === 'qualified').reduce((n, r) => n + r.referrerCredits, 0),
      monthly_cap_left: Math.max(0, c.monthlyCap - rewarded.filter((r) => r.referrerRewardedAt! >= monthStart).length),
      lifetime_cap_left: Math.max(0, c.lifetimeCap - rewarded.length),
      referred_by: referredBy ? referralPayload(referredBy, me) : null,
    };
  }

  /**
   * An invitation from the shop's own line to a phone: a person's message (the send path's rules,
   * 500 credits), with the shop's link where the text has {enlace}, or at its end.
   */
  async invite(phone: string, message: string | undefined) {
    if (!this.deps.kernelCatalog.names().includes('whatsapp_ops'))
      throw groupNotEnabled('whatsapp_ops', 'Invitations are sent over a messaging line: whatsapp_ops is not enabled.');
    const { url } = await this.deps.referralCodesService.codePayload();
    const base =
      message?.trim() ||
      `${this.deps.shop.name} uses Switchboard for its messaging. Join with our link: ${INVITE_LINK}`;
    if (base.length > 1000) throw invalidArguments('message is longer than 1000 characters.');
    const text = base.includes(INVITE_LINK) ? base.split(INVITE_LINK).join(url) : `${base}\n${url}`;
    const { message: sent } = await this.deps.chatappMessagingService.send({
      phone,
      text,
      automatic: false,
      billingSource: 'referral_invite',
    });
    return { message: { id: sent.id, phone: sent.phone, status: sent.status, text: sent.text }, url };
  }
}
