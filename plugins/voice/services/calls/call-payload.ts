import type { VoiceCall } from '../../entities/voice-call.entity.js';

export const callPayload = (c: VoiceCall) => ({
  call_id: c.id,
  provider: c.provider,
  sandbox: c.provider === 'sandbox',
  provider_call_id: c.providerCallId,
  from: c.fromPhone,
  to: c.toPhone,
  language: c.language,
  status: c.status,
  outcome: c.outcome,
  summary: c.summary,
  handoff: {
    status: c.handoffStatus,
    reason: c.handoffReason,
    ticket_id: c.handoffTicketId,
    message_id: c.handoffMessageId,
    error: c.handoffError,
  },
  started_at: c.startedAt.toISOString(),
  ended_at: c.endedAt?.toISOString() ?? null,
  duration_seconds: c.durationSeconds,
  transcript_deleted_at: c.transcriptDeletedAt?.toISOString() ?? null,
});
