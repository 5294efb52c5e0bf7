import { DateTime, Nullable, Type, oneOf } from '../../../core/index.js';
import { CALL_OUTCOMES, CALL_STATUSES, HANDOFF_REASONS, HANDOFF_STATUSES } from '../entities/values.js';

export const NumberOutput = Type.Object({
  number_id: Type.Integer(),
  phone_number: Type.String(),
  label: Nullable(Type.String()),
  webhooks: Type.Object({
    voice_url: Type.String({ description: 'Paste at the provider as the number’s voice webhook (POST).' }),
    status_callback_url: Type.String({ description: 'Paste as its status callback (POST).' }),
  }),
  created_at: DateTime(),
});

export const VoiceConfigOutput = Type.Object({
  provider: Type.String(),
  sandbox: Type.Boolean({ description: 'true: the built-in sandbox; no phone rings.' }),
  enabled: Type.Boolean(),
  account_sid: Nullable(Type.String({ description: 'Masked.' })),
  auth_token_set: Type.Boolean(),
  greeting_text: Nullable(Type.String()),
  language_mode: Type.String(),
  language_fixed: Nullable(Type.String()),
  max_call_minutes: Type.Integer(),
  handoff_consent: Type.String(),
  numbers: Type.Array(NumberOutput),
  notice: Type.Optional(Type.String()),
});

export const CallOutput = Type.Object({
  call_id: Type.Integer(),
  provider: Type.String(),
  sandbox: Type.Boolean(),
  provider_call_id: Type.String(),
  from: Type.String(),
  to: Nullable(Type.String()),
  language: Type.String(),
  status: oneOf(CALL_STATUSES),
  outcome: Nullable(oneOf(CALL_OUTCOMES)),
  summary: Nullable(Type.String()),
  handoff: Type.Object({
    status: oneOf(HANDOFF_STATUSES),
    reason: Nullable(oneOf(HANDOFF_REASONS)),
    ticket_id: Nullable(Type.Integer()),
    message_id: Nullable(Type.Integer()),
    error: Nullable(Type.String()),
  }),
  started_at: DateTime(),
  ended_at: Nullable(DateTime()),
  duration_seconds: Nullable(Type.Integer()),
  transcript_deleted_at: Nullable(DateTime()),
});

export const TranscriptOutput = Type.Array(
  Type.Object({ speaker: oneOf(['caller', 'assistant']), text: Type.String(), at: DateTime() }),
);
