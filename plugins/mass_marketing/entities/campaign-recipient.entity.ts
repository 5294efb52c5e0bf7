import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { RECIPIENT_STATUSES } from './values.js';

/**
 * One phone in one run, and its send log: status with the time of each step, the line and the
 * message, the credits, why it was skipped or failed, what happened to the translation, the
 * auto-reply and the archiving. Unique (run, phone). A row is claimed (`sending`, `claimedAt`,
 * `sessionId`) in a committed transaction before the channel is called with the key derived from
 * its id, so a crash leaves a trace the engine reconciles through that key.
 * No foreign keys: runs of a million recipients are inserted and updated in bulk, and the rows go
 * with their campaign in the same transaction (delete_campaign).
 */
export const CampaignRecipient = defineEntity({
  name: 'CampaignRecipient',
  tableName: 'marketing_campaign_recipients',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    campaignId: p.integer(),
    runId: p.integer(),
    phone: p.string().length(20),
    name: p.string().length(200).nullable(),
    status: p.enum([...RECIPIENT_STATUSES]),
    reason: p.text().nullable(),
    sessionId: p.integer().nullable(),
    messageId: p.integer().nullable(),
    attempts: p.integer(),
    language: p.string().length(8).nullable(),
    translation: p.string().length(300).nullable(),
    creditsCharged: p.integer(),
    chatWasActive: p.boolean().nullable(),
    archivedAt: p.datetime().nullable(),
    autoRepliedAt: p.datetime().nullable(),
    claimedAt: p.datetime().nullable(),
    /** The server process (host:pid) that claimed the row last: which of several processes sent it. */
    claimedBy: p.string().length(100).nullable(),
    sentAt: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    readAt: p.datetime().nullable(),
    repliedAt: p.datetime().nullable(),
    unsubscribedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['runId', 'phone'] }],
  indexes: [
    { properties: ['campaignId', 'status', 'id'] },
    { properties: ['shopId', 'messageId'] },
    { properties: ['shopId', 'phone'] },
  ],
});

export type CampaignRecipient = InferEntity<typeof CampaignRecipient>;
