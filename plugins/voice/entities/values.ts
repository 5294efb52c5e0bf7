/** sandbox: text turns from simulate_voice_call, nothing rings (the embedded default). twilio: the shop's Twilio account. */
export const VOICE_PROVIDERS: ['sandbox', 'twilio'] = ['sandbox', 'twilio'];
export type VoiceProvider = (typeof VOICE_PROVIDERS)[number];

export const VOICE_LANGUAGES: ['es', 'en', 'de', 'fr', 'pt', 'it', 'hu'] = ['es', 'en', 'de', 'fr', 'pt', 'it', 'hu'];
export type VoiceLanguage = (typeof VOICE_LANGUAGES)[number];

/** ask: the assistant asks the caller before messaging them; implied: the shop messages callers who need a follow-up. */
export const HANDOFF_CONSENTS: ['ask', 'implied'] = ['ask', 'implied'];

export const CALL_STATUSES: ['in_progress', 'completed', 'failed', 'no_answer'] = [
  'in_progress',
  'completed',
  'failed',
  'no_answer',
];
export type CallStatus = (typeof CALL_STATUSES)[number];

/** resolved: the assistant settled it; handoff: a person follows up; abandoned: the caller left or said nothing. */
export const CALL_OUTCOMES: ['resolved', 'handoff', 'abandoned', 'failed'] = [
  'resolved',
  'handoff',
  'abandoned',
  'failed',
];
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** talking → consent (the assistant asked whether to message the caller) → ended. */
export const CALL_PHASES: ['talking', 'consent', 'ended'] = ['talking', 'consent', 'ended'];
export type CallPhase = (typeof CALL_PHASES)[number];

/**
 * none: no hand-over; pending: decided, not carried out yet; sent: ticket and message; declined: the
 * caller said no to a message (ticket only); opted_out: the caller opted out of automatic messages
 * (ticket only); failed: the message could not be sent (reason kept; ticket still made); skipped:
 * the messaging group is off (ticket only).
 */
export const HANDOFF_STATUSES: ['none', 'pending', 'sent', 'declined', 'opted_out', 'failed', 'skipped'] = [
  'none',
  'pending',
  'sent',
  'declined',
  'opted_out',
  'failed',
  'skipped',
];
export type HandoffStatus = (typeof HANDOFF_STATUSES)[number];

export const HANDOFF_REASONS: ['caller_asked', 'no_answer', 'time_limit', 'assistant_unavailable', 'manual'] = [
  'caller_asked',
  'no_answer',
  'time_limit',
  'assistant_unavailable',
  'manual',
];
export type HandoffReason = (typeof HANDOFF_REASONS)[number];
