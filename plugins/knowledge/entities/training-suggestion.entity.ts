import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

export const SUGGESTION_LEVELS: ['snippet', 'prompt'] = ['snippet', 'prompt'];
export type SuggestionLevel = (typeof SUGGESTION_LEVELS)[number];
export const SUGGESTION_STATUSES: ['open', 'applied', 'dismissed'] = ['open', 'applied', 'dismissed'];

/**
 * Something the team taught by doing — a ticket resolution, an agent's correction — proposed as
 * knowledge: a question and answer to become a snippet, or a rule for the assistant's prompt.
 * The same question seen again adds an observation and counts (source_count) instead of a second
 * suggestion; a dismissed one never comes back (its fingerprint stays).
 */
export const TrainingSuggestion = defineEntity({
  name: 'TrainingSuggestion',
  tableName: 'knowledge_suggestions',
  uniques: [{ properties: ['shopId', 'fingerprint'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    level: p.enum(SUGGESTION_LEVELS),
    question: p.string().length(500),
    answer: p.text(),
    fingerprint: p.string().length(500),
    status: p.enum(SUGGESTION_STATUSES),
    sourceCount: p.integer(),
    statusReason: p.string().length(500).nullable(),
    createdSnippetId: p.integer().nullable(),
    createdPromptVersion: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    appliedAt: p.datetime().nullable(),
  },
});
export type TrainingSuggestion = InferEntity<typeof TrainingSuggestion>;
