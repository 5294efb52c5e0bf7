import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { TrainingSuggestion } from './training-suggestion.entity.js';

export const OBSERVATION_SOURCES: ['ticket', 'correction'] = ['ticket', 'correction'];

/** Where a suggestion was seen: a ticket resolution or an agent's correction, once each. */
export const SuggestionObservation = defineEntity({
  name: 'SuggestionObservation',
  tableName: 'knowledge_observations',
  uniques: [{ properties: ['shopId', 'source', 'ref'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    suggestion: () => p.manyToOne(TrainingSuggestion).deleteRule('cascade').index(),
    source: p.enum(OBSERVATION_SOURCES),
    /** The resolution note's or the feedback's id. */
    ref: p.integer(),
    excerpt: p.string().length(500),
    seenAt: p.datetime(),
  },
});
export type SuggestionObservation = InferEntity<typeof SuggestionObservation>;
