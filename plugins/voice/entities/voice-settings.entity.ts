import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { HANDOFF_CONSENTS, VOICE_PROVIDERS } from './values.js';

/** A shop's voice assistant: its provider account (the auth token sealed), greeting, language and hand-over rule. */
export const VoiceSettings = defineEntity({
  name: 'VoiceSettings',
  tableName: 'voice_settings',
  uniques: [{ properties: ['shopId'] }, { properties: ['webKey'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    provider: p.enum(VOICE_PROVIDERS),
    enabled: p.boolean(),
    accountSid: p.string().length(64).nullable(),
    /** Sealed; never returned. */
    authToken: p.text().nullable(),
    greetingText: p.string().length(500).nullable(),
    languageMode: p.enum(['auto', 'fixed']),
    languageFixed: p.string().length(2).nullable(),
    maxCallMinutes: p.integer(),
    handoffConsent: p.enum(HANDOFF_CONSENTS),
    /** The web call button: its embed key, the sites it may run on, and calls per visitor address per hour. */
    webEnabled: p.boolean(),
    webKey: p.string().length(40),
    webAllowedDomains: p.json<string[]>(),
    webButtonText: p.string().length(60).nullable(),
    webCallsPerHour: p.integer(),
    /** Twilio's browser calls: an API key (SID, and its secret sealed) and the TwiML app the calls go through. */
    twilioApiKeySid: p.string().length(64).nullable(),
    twilioApiKeySecret: p.text().nullable(),
    twilioAppSid: p.string().length(64).nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type VoiceSettings = InferEntity<typeof VoiceSettings>;
