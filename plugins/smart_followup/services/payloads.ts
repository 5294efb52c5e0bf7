import type { Followup } from '../entities/followup.entity.js';
import type { FollowupSend } from '../entities/followup-send.entity.js';

export const followupPayload = (f: Followup) => ({
  id: f.id,
  phone: f.phone,
  session_id: f.sessionId ?? null,
  type: f.type,
  reference: f.reference ?? null,
  status: f.status,
  attempt: f.attempt,
  max_attempts: f.maxAttempts,
  due_at: f.dueAt.toISOString(),
  expires_at: f.expiresAt.toISOString(),
  message: f.message ?? null,
  timing: f.timing,
  skip_reason: f.skipReason ?? null,
  failure_code: f.failureCode ?? null,
  last_error: f.lastError ?? null,
  cancel_reason: f.cancelReason ?? null,
  created_at: f.createdAt.toISOString(),
  stopped_at: f.stoppedAt ? f.stoppedAt.toISOString() : null,
});
export type FollowupPayload = ReturnType<typeof followupPayload>;

export const sendPayload = (s: FollowupSend) => ({
  attempt: s.attempt,
  message_id: s.messageId,
  text: s.text,
  credits: s.credits,
  sent_at: s.sentAt.toISOString(),
});
