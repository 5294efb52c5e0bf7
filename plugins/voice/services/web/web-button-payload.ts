import { randomBytes } from 'node:crypto';
import type { VoiceSettings } from '../../entities/voice-settings.entity.js';

export const newWebKey = () => `vb_${randomBytes(15).toString('base64url')}`;

export function webButtonPayload(settings: VoiceSettings, baseUrl: string) {
  return {
    enabled: settings.webEnabled,
    provider: settings.provider,
    allowed_domains: settings.webAllowedDomains,
    button_text: settings.webButtonText,
    max_calls_per_visitor_per_hour: settings.webCallsPerHour,
    api_key_sid: settings.twilioApiKeySid,
    api_key_secret_set: settings.twilioApiKeySecret !== null,
    twiml_app_sid: settings.twilioAppSid,
    embed_snippet: `<script src="${baseUrl}/voice/web/button.js" data-key="${settings.webKey}" async></script>`,
    /** Paste as the TwiML app's Voice URL (POST) at Twilio. */
    twiml_app_voice_url: `${baseUrl}/voice/twilio/${settings.webKey}/incoming`,
  };
}
