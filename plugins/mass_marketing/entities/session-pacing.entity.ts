import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * When a line last took a campaign message. The engine locks this row (`FOR UPDATE SKIP LOCKED`)
 * to take a line's next slot, so every server process sharing the database keeps the same pacing:
 * a campaign sends on a line only once its interval has passed since the line's last campaign send.
 */
export const SessionPacing = defineEntity({
  name: 'SessionPacing',
  tableName: 'marketing_session_pacing',
  properties: {
    sessionId: p.integer().primary().autoincrement(false),
    shopId: tenantColumn(),
    lastSendAt: p.datetime().nullable(),
  },
});

export type SessionPacing = InferEntity<typeof SessionPacing>;
