import type { VoiceConfig } from '../../config.js';
import { invalidArguments, type ServiceDeps } from '../../../../core/index.js';
import { VoiceSettings } from '../../entities/voice-settings.entity.js';
import type { VoiceProvider } from '../../entities/values.js';
import { fetchTwilioAccount } from '../twilio/twilio-client.js';
import { newWebKey } from '../web/web-button-payload.js';

export interface VoiceChanges {
  provider: VoiceProvider;
  account_sid?: string;
  auth_token?: string;
  enabled?: boolean;
  greeting_text?: string;
  language_mode?: 'auto' | 'fixed';
  language_fixed?: string;
  max_call_minutes?: number;
  handoff_consent?: 'ask' | 'implied';
}

const SANDBOX_NOTICE =
  'Sandbox provider: no phone rings and no call reaches this server from outside; simulate_voice_call runs text turns through the assistant.';

/**
 * The shop's voice settings: the sandbox until the shop configures its own Twilio account, whose
 * credentials are proved against Twilio before they are saved (and sealed; never shown again).
 */
export class VoiceSettingsService {
  constructor(private readonly deps: ServiceDeps<VoiceConfig>) {}

  /** The shop's settings, made with the defaults on first use (every webhook reads them: a read, not a write). */
  async current(): Promise<VoiceSettings> {
    const { em } = this.deps;
    const found = await em.findOne(VoiceSettings, {});
    if (found) return found;
    // Two first uses at once: the unique shop_id keeps one row, the other reads it.
    await em.execute(
      `insert into voice_settings (shop_id, provider, enabled, language_mode, max_call_minutes, handoff_consent,
         web_enabled, web_key, web_allowed_domains, web_calls_per_hour, updated_at)
       values (?, 'sandbox', true, 'auto', 10, 'ask', false, ?, '[]', 3, now()) on conflict (shop_id) do nothing`,
      [this.deps.shop.id, newWebKey()],
    );
    return em.findOneOrFail(VoiceSettings, {});
  }

  async read() {
    return { voice: await this.payload(await this.current()) };
  }

  async configure(changes: VoiceChanges) {
    const settings = await this.current();
    if (changes.provider === 'twilio') {
      const sid = changes.account_sid ?? (settings.provider === 'twilio' ? settings.accountSid : null);
      const token =
        changes.auth_token ??
        (settings.provider === 'twilio' && settings.authToken ? this.deps.secrets.open(settings.authToken) : null);
      if (!sid || !token)
        throw invalidArguments('The twilio provider needs account_sid and auth_token (from the Twilio console).', [
          { path: sid ? 'auth_token' : 'account_sid', message: 'required with provider twilio' },
        ]);
      if (!/^AC[0-9a-fA-F]{32}$/.test(sid))
        throw invalidArguments('account_sid is AC followed by 32 hexadecimal characters.', [
          { path: 'account_sid', message: 'not a Twilio account SID' },
        ]);
      await fetchTwilioAccount(this.deps.networkGuard, this.deps.config.twilio.apiBaseUrl, sid, token);
      settings.accountSid = sid;
      settings.authToken = this.deps.secrets.seal(token);
    } else if (changes.account_sid !== undefined || changes.auth_token !== undefined) {
      throw invalidArguments('account_sid and auth_token belong to the twilio provider.', [
        { path: 'account_sid', message: 'only with provider twilio' },
      ]);
    } else {
      settings.accountSid = null;
      settings.authToken = null;
    }
    settings.provider = changes.provider;
    if (changes.enabled !== undefined) settings.enabled = changes.enabled;
    if (changes.greeting_text !== undefined) settings.greetingText = changes.greeting_text.trim() || null;
    const mode = changes.language_mode ?? settings.languageMode;
    if (changes.language_fixed !== undefined && mode !== 'fixed')
      throw invalidArguments('language_fixed applies only with language_mode "fixed".', [
        { path: 'language_fixed', message: 'only with language_mode fixed' },
      ]);
    if (mode === 'fixed' && !(changes.language_fixed ?? settings.languageFixed))
      throw invalidArguments('language_mode "fixed" needs language_fixed.', [
        { path: 'language_fixed', message: 'required with language_mode fixed' },
      ]);
    settings.languageMode = mode;
    settings.languageFixed = mode === 'fixed' ? (changes.language_fixed ?? settings.languageFixed ?? null) : null;
    if (changes.max_call_minutes !== undefined) settings.maxCallMinutes = changes.max_call_minutes;
    if (changes.handoff_consent !== undefined) settings.handoffConsent = changes.handoff_consent;
    await this.deps.em.flush();
    return { voice: await this.payload(settings) };
  }

  /** Twilio's answer to the stored credentials now (the sandbox always answers). */
  async test() {
    const settings = await this.current();
    if (settings.provider === 'sandbox')
      return { provider: 'sandbox' as const, ok: true, sandbox: true, notice: SANDBOX_NOTICE };
    const account = await fetchTwilioAccount(
      this.deps.networkGuard,
      this.deps.config.twilio.apiBaseUrl,
      settings.accountSid!,
      this.deps.secrets.open(settings.authToken!),
    );
    return { provider: 'twilio' as const, ok: true, sandbox: false, ...account };
  }

  private async payload(settings: VoiceSettings) {
    const sandbox = settings.provider === 'sandbox';
    const numbers = await this.deps.voiceNumbersService.list();
    return {
      provider: settings.provider,
      sandbox,
      enabled: settings.enabled,
      account_sid: settings.accountSid ? `${settings.accountSid.slice(0, 6)}…${settings.accountSid.slice(-4)}` : null,
      auth_token_set: settings.authToken !== null,
      greeting_text: settings.greetingText,
      language_mode: settings.languageMode,
      language_fixed: settings.languageFixed,
      max_call_minutes: settings.maxCallMinutes,
      handoff_consent: settings.handoffConsent,
      numbers: numbers.numbers,
      ...(sandbox && { notice: SANDBOX_NOTICE }),
    };
  }
}
