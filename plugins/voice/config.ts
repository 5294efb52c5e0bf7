import { Type, type Static } from '../../core/index.js';

/**
 * twilio.apiBaseUrl: Twilio's REST API (test_voice_provider reads the account there; tests point it
 * at a local fake). turnTimeoutMs: how long a caller's turn may wait for the assistant before the
 * fallback line and the hand-over (the provider waits ~15 s per webhook; the caller must never hear
 * silence). retentionDays: calls and transcripts go after this long.
 */
export const VoiceConfig = Type.Object(
  {
    twilio: Type.Object(
      { apiBaseUrl: Type.String({ default: 'https://api.twilio.com' }) },
      { additionalProperties: false, default: {} },
    ),
    turnTimeoutMs: Type.Integer({ minimum: 500, maximum: 12_000, default: 6_000 }),
    retentionDays: Type.Integer({ minimum: 1, default: 90 }),
  },
  { additionalProperties: false, default: {} },
);
export type VoiceConfig = Static<typeof VoiceConfig>;
