import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** A shop's taxonomy and analysis switches; defaults until the first save. */
export const AnalysisSettings = defineEntity({
  name: 'AnalysisSettings',
  tableName: 'ai_analysis_settings',
  uniques: [{ properties: ['shopId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    topics: p.json<{ key: string; label: string; keywords: Record<string, string[]> }[]>(),
    tagRules: p.json<{ when: string; tag: string }[]>(),
    autoCategorizeInbound: p.boolean(),
    categorizeAfterIdleMinutes: p.integer(),
    builtinFor: p.json<string[]>(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type AnalysisSettings = InferEntity<typeof AnalysisSettings>;
