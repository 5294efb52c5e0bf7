import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** A message a follow-up sent: one per attempt, never two (the send key is the follow-up and attempt). */
export const FollowupSend = defineEntity({
  name: 'FollowupSend',
  tableName: 'smart_followup_sends',
  uniques: [{ properties: ['followupId', 'attempt'] }],
  indexes: [{ properties: ['shopId', 'sentAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    followupId: p.integer(),
    attempt: p.integer(),
    messageId: p.integer(),
    text: p.text(),
    credits: p.integer(),
    sentAt: p.datetime(),
  },
});
export type FollowupSend = InferEntity<typeof FollowupSend>;
