import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * One model call as the runtime made it (its retries counted in `attempts`): where it came from,
 * which engine and model answered, the tokens, how long, and how it ended. Written right after the
 * call, never inside the caller's transaction (there is none: model calls run outside them).
 */
export const AiUsage = defineEntity({
  name: 'AiUsage',
  tableName: 'ai_usage',
  indexes: [{ properties: ['shopId', 'createdAt'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    surface: p.string().length(40),
    task: p.string().length(20),
    engine: p.string().length(20),
    source: p.string().length(20),
    model: p.string().length(200),
    inputTokens: p.integer(),
    outputTokens: p.integer(),
    latencyMs: p.integer(),
    attempts: p.integer(),
    outcome: p.string().length(40),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AiUsage = InferEntity<typeof AiUsage>;
