import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * A conversation's analysis as stored: saved by an agent or the assistant
 * (save_conversation_analysis) or by the idle-conversation job. `lastMessageId` is the newest
 * message it saw, so a newer message makes it stale.
 */
export const ConversationAnalysis = defineEntity({
  name: 'ConversationAnalysis',
  tableName: 'ai_conversation_analyses',
  indexes: [{ properties: ['shopId', 'conversationId'] }, { properties: ['shopId', 'createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    conversationId: p.integer(),
    sessionId: p.integer(),
    phone: p.string().length(20),
    topic: p.string().length(40),
    intent: p.string().length(40),
    priority: p.string().length(2),
    sentiment: p.string().length(10),
    language: p.string().length(3).nullable(),
    summary: p.text().nullable(),
    confidence: p.double().nullable(),
    evidence: p.json<{ message_id: number; excerpt: string }[]>(),
    lastMessageId: p.integer().nullable(),
    source: p.string().length(10),
    engine: p.string().length(20),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ConversationAnalysis = InferEntity<typeof ConversationAnalysis>;
