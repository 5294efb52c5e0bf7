import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import {
  CALL_OUTCOMES,
  CALL_PHASES,
  CALL_STATUSES,
  HANDOFF_REASONS,
  HANDOFF_STATUSES,
  VOICE_PROVIDERS,
} from './values.js';

/**
 * A call the assistant answered: who, when, how it went, and its hand-over (at most one per call:
 * a ticket and, with the caller's consent, a message whose key is the call's). One row per
 * provider call id, so a provider's repeated events land on the same call.
 */
export const VoiceCall = defineEntity({
  name: 'VoiceCall',
  tableName: 'voice_calls',
  uniques: [{ properties: ['shopId', 'provider', 'providerCallId'] }],
  indexes: [{ properties: ['shopId', 'startedAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    provider: p.enum(VOICE_PROVIDERS),
    providerCallId: p.string().length(64),
    numberId: p.integer().nullable(),
    fromPhone: p.string().length(20),
    toPhone: p.string().length(20).nullable(),
    language: p.string().length(2),
    status: p.enum(CALL_STATUSES),
    phase: p.enum(CALL_PHASES),
    outcome: p.enum(CALL_OUTCOMES).nullable(),
    /** Caller turns in a row the assistant had no answer for. */
    misses: p.integer(),
    /** Gathers in a row that heard nothing. */
    silences: p.integer(),
    /** The question the assistant could not settle (the hand-over's subject). */
    openQuestion: p.text().nullable(),
    summary: p.text().nullable(),
    handoffStatus: p.enum(HANDOFF_STATUSES),
    handoffReason: p.enum(HANDOFF_REASONS).nullable(),
    handoffTicketId: p.integer().nullable(),
    handoffMessageId: p.integer().nullable(),
    handoffError: p.string().length(500).nullable(),
    transcriptDeletedAt: p.datetime().nullable(),
    startedAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    durationSeconds: p.integer().nullable(),
  },
});
export type VoiceCall = InferEntity<typeof VoiceCall>;
