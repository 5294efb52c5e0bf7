import { definePlugin } from '../../core/index.js';
import { ReferralsConfig } from './config.js';
import { referralsErrors } from './errors.js';
import { ReferralCode } from './entities/referral-code.entity.js';
import { ReferralLink } from './entities/referral-link.entity.js';
import { ReferralClick } from './entities/referral-click.entity.js';
import { Referral } from './entities/referral.entity.js';
import { ReferralsInit } from './migrations/0001-init.js';
import { ReferralsTenantIndexesCovered } from './migrations/0002-tenant-indexes-covered.js';
import { ReferralCodesService } from './services/referral-codes-service.js';
import { ReferralsService } from './services/referrals-service.js';
import { settleReferrals } from './jobs/settle-referrals.js';
import { referralLinkRoute } from './routes/referral-link-route.js';
import { getReferralProgram } from './tools/get-referral-program.js';
import { getReferralCode } from './tools/get-referral-code.js';
import { createReferralLink } from './tools/create-referral-link.js';
import { listReferralLinks } from './tools/list-referral-links.js';
import { disableReferralLink } from './tools/disable-referral-link.js';
import { applyReferralCode } from './tools/apply-referral-code.js';
import { listReferrals } from './tools/list-referrals.js';
import { getReferral } from './tools/get-referral.js';
import { getReferralStats } from './tools/get-referral-stats.js';
import { sendReferralInvite } from './tools/send-referral-invite.js';

/**
 * referrals: the platform's referral programme. A code per shop (made at shop.created) and tracked
 * links with click counting; a referral from the code a shop was created with or applies; a job
 * that qualifies it by the referred shop's paid credits (the ledger's purchase kind), pays both
 * shops after a holding period within caps, and takes rewards back when the purchase is refunded.
 */
export default definePlugin({
  name: 'referrals',
  version: '1.0.0',
  description:
    'The platform’s referral programme: codes and tracked links, sign-ups, qualification by real purchases, rewards with caps and holding, reversal, invitations.',
  kernel: '^1.0.0',
  servicePrefix: 'referral',
  optionalDependencies: ['whatsapp_ops'],
  configSchema: ReferralsConfig,
  entities: [ReferralCode, ReferralLink, ReferralClick, Referral],
  migrations: [
    { name: '0001-init', class: ReferralsInit },
    { name: '0002-tenant-indexes-covered', class: ReferralsTenantIndexesCovered },
  ],
  services: { referralCodesService: ReferralCodesService, referralsService: ReferralsService },
  errors: referralsErrors,
  tools: [
    getReferralProgram,
    getReferralCode,
    createReferralLink,
    listReferralLinks,
    disableReferralLink,
    applyReferralCode,
    listReferrals,
    getReferral,
    getReferralStats,
    sendReferralInvite,
  ],
  jobs: [settleReferrals],
  on: {
    'shop.created': async (e, { services }) => {
      await services.referralCodesService.own();
      if (!e.referral_code) return;
      const target = await services.referralCodesService.resolve(e.referral_code);
      // A code that names no shop (mistyped by the operator) leaves the shop unreferred; it can still apply one.
      if (target && target.shopId !== e.shop_id) await services.referralsService.signUp(target, e.name);
    },
  },
  setup: (setup) => {
    referralLinkRoute(setup);
  },
});
