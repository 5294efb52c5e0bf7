import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from '../../core/index.js';

/** voice's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const voiceErrors = defineErrors({
  invalid_arguments: invalidArgumentsEntry(
    'provider twilio without account_sid or auth_token (or an account_sid that is not AC + 32 hex), credentials given to the sandbox, language_fixed without language_mode fixed (or fixed without it), a phone without its international prefix, a date that does not parse.',
  ),
  not_found: notFoundEntry('An unknown call or number, also another shop’s.', '"call" or "number"'),
  invalid_state: invalidStateEntry(
    'simulate_voice_call when the shop’s provider is not the sandbox, or when the voice assistant is switched off.',
  ),
  provider_auth_failed: {
    when: 'configure_voice or test_voice_provider: Twilio refused the account SID and auth token (nothing is saved).',
    data: {
      provider: 'twilio',
      provider_status: 'Twilio’s HTTP status',
      provider_code: 'Twilio’s error code, or null',
    },
  },
  provider_unreachable: {
    when: 'configure_voice or test_voice_provider: Twilio could not be reached or answered an error.',
    data: { provider: 'twilio' },
  },
  url_not_allowed: {
    when: 'The configured Twilio API address is refused by the network guard (a private address).',
    data: { reason: 'why the address is refused' },
  },
  conflict: {
    when: 'assign_voice_number with a number already answered (by this shop or another).',
    data: { phone_number: 'the number' },
  },
  voice_number_limit_reached: {
    when: 'Assigning a 21st number in a shop.',
    data: { current_count: 'numbers now', max_allowed: '20' },
  },
});
