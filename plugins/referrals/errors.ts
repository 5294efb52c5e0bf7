import { defineErrors, groupNotEnabledEntry, invalidArgumentsEntry, notFoundEntry } from '../../core/index.js';

/** referrals' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const referralsErrors = defineErrors({
  group_not_enabled: groupNotEnabledEntry(
    'send_referral_invite on a server without a messaging group.',
    '"whatsapp_ops"',
  ),
  insufficient_credits: {
    when: 'send_referral_invite when the shop’s balance does not cover the message (the send path’s 500 credits).',
    data: { required: 'credits the message needs', balance: 'the shop’s balance' },
  },
  invalid_arguments: invalidArgumentsEntry('A blank label, an invalid phone, or an invitation over 1,000 characters.'),
  not_found: notFoundEntry(
    'Unknown referral code, link or referral (also another shop’s).',
    '"referral_code", "link" or "referral"',
  ),
  referral_not_allowed: {
    when: 'apply_referral_code with the shop’s own code, a second code, or after the apply window.',
    data: { reason: 'own_code, already_referred or window_closed' },
  },
});
