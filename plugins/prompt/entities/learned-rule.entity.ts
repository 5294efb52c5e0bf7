import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { LEARNING_CATEGORIES } from './learning-setting.entity.js';

export const RULE_STATUSES: ['candidate', 'active', 'rejected', 'retired'] = [
  'candidate',
  'active',
  'rejected',
  'retired',
];
export type RuleStatus = (typeof RULE_STATUSES)[number];

/**
 * A rule learned from agents' corrections on a surface: a candidate until reviewed (or, in
 * enforced mode, until its category is enforced and three corrections back it), then active in
 * the assistant's prompt, or rejected, or retired. The same correction again adds evidence to it.
 */
export const LearnedRule = defineEntity({
  name: 'LearnedRule',
  tableName: 'ai_learned_rules',
  uniques: [{ properties: ['shopId', 'surface', 'fingerprint'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    surface: p.string().length(40),
    category: p.enum(LEARNING_CATEGORIES),
    text: p.string().length(500),
    /** The rule's words, lower-cased and without accents or punctuation: equal corrections meet here. */
    fingerprint: p.string().length(500),
    status: p.enum(RULE_STATUSES),
    evidenceCount: p.integer(),
    activatedBy: p.string().length(20).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    activatedAt: p.datetime().nullable(),
  },
});
export type LearnedRule = InferEntity<typeof LearnedRule>;
