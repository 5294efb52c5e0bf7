import { randomBytes } from 'node:crypto';
import {
  invalidArguments,
  normalizeDomains,
  phoneE164OrNull,
  PublicRefusal,
  takeOne,
  type Services,
} from '../../../../core/index.js';
import { voiceAccessToken } from '../twilio/access-token.js';
import { webButtonPayload } from './web-button-payload.js';

export interface WebButtonChanges {
  enabled?: boolean;
  allowed_domains?: string[];
  button_text?: string;
  max_calls_per_visitor_per_hour?: number;
  api_key_sid?: string;
  api_key_secret?: string;
  twiml_app_sid?: string;
}

const TOKEN_TTL_SECONDS = 600;
export const VOICE_COUNTERS = 'voice_rate_counters';

/**
 * The web call button: a "call us" button on the shop's site. On Twilio the visitor's browser gets
 * a short-lived Access Token for the shop's TwiML app (the call then reaches the assistant like a
 * phone call, with the visitor's phone — for the hand-over — in the token's grant); on the sandbox
 * the button runs a text call against the same conversation. Calls per visitor address per hour
 * are counted in the database.
 */
export class WebButtonService {
  constructor(private readonly deps: Services) {}

  async configure(changes: WebButtonChanges) {
    const settings = await this.deps.voiceSettingsService.current();
    if (changes.allowed_domains)
      settings.webAllowedDomains = normalizeDomains(changes.allowed_domains, 'allowed_domains');
    if (changes.button_text !== undefined) settings.webButtonText = changes.button_text.trim() || null;
    if (changes.max_calls_per_visitor_per_hour !== undefined)
      settings.webCallsPerHour = changes.max_calls_per_visitor_per_hour;
    if (changes.api_key_sid !== undefined) {
      if (!/^SK[0-9a-fA-F]{32}$/.test(changes.api_key_sid))
        throw invalidArguments('api_key_sid is SK followed by 32 hexadecimal characters.', [
          { path: 'api_key_sid', message: 'not a Twilio API key SID' },
        ]);
      settings.twilioApiKeySid = changes.api_key_sid;
    }
    if (changes.api_key_secret !== undefined)
      settings.twilioApiKeySecret = this.deps.secrets.seal(changes.api_key_secret);
    if (changes.twiml_app_sid !== undefined) {
      if (!/^AP[0-9a-fA-F]{32}$/.test(changes.twiml_app_sid))
        throw invalidArguments('twiml_app_sid is AP followed by 32 hexadecimal characters.', [
          { path: 'twiml_app_sid', message: 'not a TwiML app SID' },
        ]);
      settings.twilioAppSid = changes.twiml_app_sid;
    }
    if (changes.enabled !== undefined) settings.webEnabled = changes.enabled;
    if (
      settings.webEnabled &&
      settings.provider === 'twilio' &&
      !(settings.twilioApiKeySid && settings.twilioApiKeySecret && settings.twilioAppSid)
    )
      throw invalidArguments(
        'On Twilio the button needs api_key_sid, api_key_secret and twiml_app_sid (browser calls go through a TwiML app).',
        [{ path: 'api_key_sid', message: 'required to enable the button on twilio' }],
      );
    await this.deps.em.flush();
    return { button: webButtonPayload(settings, this.deps.baseUrl()) };
  }

  /**
   * A visitor starts a call from an allowed site. Twilio: an Access Token for the browser; the
   * sandbox: a text call opened now, answered turn by turn.
   */
  async start(ip: string, rawPhone: string | undefined) {
    const settings = await this.deps.voiceSettingsService.current();
    const phone = rawPhone ? phoneE164OrNull(rawPhone) : null;
    if (!phone)
      throw new PublicRefusal(
        400,
        'invalid_phone',
        'Give your phone number with its international prefix, so we can follow up.',
      );
    const counted = await takeOne(
      this.deps.em,
      VOICE_COUNTERS,
      this.deps.shop.id,
      `web:${this.deps.shop.id}:${ip}`,
      settings.webCallsPerHour,
      3_600,
    );
    if (!counted.ok)
      throw new PublicRefusal(429, 'rate_limited', 'Too many calls from this address; try again later.', {
        limit: settings.webCallsPerHour,
        window_minutes: 60,
        retry_after_seconds: counted.retryAfterSeconds,
      });
    if (settings.provider === 'twilio') {
      const identity = `web-${randomBytes(8).toString('hex')}`;
      return {
        mode: 'twilio' as const,
        identity,
        expires_in: TOKEN_TTL_SECONDS,
        token: voiceAccessToken({
          accountSid: settings.accountSid!,
          apiKeySid: settings.twilioApiKeySid!,
          apiKeySecret: this.deps.secrets.open(settings.twilioApiKeySecret!),
          appSid: settings.twilioAppSid!,
          identity,
          params: { caller_phone: phone },
          ttlSeconds: TOKEN_TTL_SECONDS,
        }),
      };
    }
    const callToken = randomBytes(18).toString('base64url');
    const { call, reply } = await this.deps.voiceCallEngine.open(settings, {
      provider: 'sandbox',
      providerCallId: `web-${callToken}`,
      from: phone,
      to: null,
      numberId: null,
      language: this.deps.shop.locale.slice(0, 2),
    });
    return {
      mode: 'sandbox' as const,
      call_id: call.id,
      call_token: callToken,
      language: call.language,
      reply,
      sandbox: true,
    };
  }
}
