import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { HANDOFF_CONSENTS, VOICE_LANGUAGES, VOICE_PROVIDERS } from '../entities/values.js';
import { VoiceConfigOutput } from './outputs.js';

export const configureVoice = defineTool({
  name: 'configure_voice',
  title: 'Configure the voice assistant',
  description:
    "Sets the provider: sandbox (built in, nothing rings) or twilio with the shop's account_sid and auth_token (checked with Twilio, stored sealed).",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    provider: Type.Union(VOICE_PROVIDERS.map((p) => Type.Literal(p))),
    account_sid: Type.Optional(Type.String({ maxLength: 64, description: 'Twilio account SID (AC…).' })),
    auth_token: Type.Optional(
      Type.String({ minLength: 8, maxLength: 128, secret: true, description: 'Twilio auth token; write-only.' }),
    ),
    enabled: Type.Optional(Type.Boolean()),
    greeting_text: Type.Optional(
      Type.String({ maxLength: 500, description: 'What the assistant says first; "" for the default.' }),
    ),
    language_mode: Type.Optional(
      Type.Union([Type.Literal('auto'), Type.Literal('fixed')], { description: 'auto: the shop’s language.' }),
    ),
    language_fixed: Type.Optional(Type.Union(VOICE_LANGUAGES.map((l) => Type.Literal(l)))),
    max_call_minutes: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 60, description: 'Past it, a person follows up; default 10.' }),
    ),
    handoff_consent: Type.Optional(
      Type.Union(
        HANDOFF_CONSENTS.map((c) => Type.Literal(c)),
        {
          description: 'ask: the assistant asks before messaging the caller; implied: it just does.',
        },
      ),
    ),
  }),
  output: Type.Object({ voice: VoiceConfigOutput }),
  handler: async (args, { services }) => services.voiceSettingsService.configure(args),
});
