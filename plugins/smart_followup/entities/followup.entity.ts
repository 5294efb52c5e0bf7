import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { FOLLOWUP_STATUSES, FOLLOWUP_TYPES, type FollowupReference, type Timing } from './values.js';

/** One follow-up sequence: up to max_attempts messages to a customer, stopped when they answer. */
export const Followup = defineEntity({
  name: 'Followup',
  tableName: 'smart_followups',
  indexes: [
    { properties: ['shopId', 'status', 'dueAt'] },
    { properties: ['shopId', 'phone'] },
    { properties: ['status', 'dueAt'] },
  ],
  uniques: [{ properties: ['shopId', 'sourceMessageId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    phone: p.string().length(20),
    sessionId: p.integer().nullable(),
    type: p.enum(FOLLOWUP_TYPES),
    reference: p.json<FollowupReference>().nullable(),
    status: p.enum(FOLLOWUP_STATUSES),
    /** The next attempt's number (1-based); after the last, the last one's. */
    attempt: p.integer(),
    maxAttempts: p.integer(),
    minGapHours: p.integer(),
    dueAt: p.datetime(),
    expiresAt: p.datetime(),
    /** The text to send; null: the type's template. */
    message: p.text().nullable(),
    timing: p.json<Timing>(),
    skipReason: p.string().length(40).nullable(),
    failureCode: p.string().length(60).nullable(),
    lastError: p.string().length(500).nullable(),
    cancelReason: p.string().length(500).nullable(),
    /** For conversation follow-ups: the shop message left unanswered (one follow-up per such message). */
    sourceMessageId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    stoppedAt: p.datetime().nullable(),
  },
});
export type Followup = InferEntity<typeof Followup>;
