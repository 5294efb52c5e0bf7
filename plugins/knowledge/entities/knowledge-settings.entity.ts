import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** How a shop's knowledge is searched and approved; defaults until the first save. */
export const KnowledgeSettings = defineEntity({
  name: 'KnowledgeSettings',
  tableName: 'knowledge_settings',
  uniques: [{ properties: ['shopId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    topK: p.integer(),
    relevanceThreshold: p.double(),
    hybridWeight: p.double().default(0.5),
    requireApproval: p.boolean(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type KnowledgeSettings = InferEntity<typeof KnowledgeSettings>;
