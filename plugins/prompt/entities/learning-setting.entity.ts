import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

export const LEARNING_MODES: ['off', 'shadow', 'soft', 'enforced'] = ['off', 'shadow', 'soft', 'enforced'];
export type LearningMode = (typeof LEARNING_MODES)[number];

/** The categories a learned rule has; enabled_categories and enforced_categories name them. */
export const LEARNING_CATEGORIES: [
  'tone',
  'language',
  'policy',
  'product_facts',
  'escalation',
  'formatting',
  'greeting',
  'other',
] = ['tone', 'language', 'policy', 'product_facts', 'escalation', 'formatting', 'greeting', 'other'];
export type LearningCategory = (typeof LEARNING_CATEGORIES)[number];

/**
 * How the assistant learns from agents' corrections on one surface (`all` is the default of the
 * others): the mode, how many learned rules it may use, and which categories it learns and applies
 * without review.
 */
export const LearningSetting = defineEntity({
  name: 'LearningSetting',
  tableName: 'ai_learning_settings',
  uniques: [{ properties: ['shopId', 'surface'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    surface: p.string().length(40),
    mode: p.enum(LEARNING_MODES),
    maxRules: p.integer(),
    enabledCategories: p.json<LearningCategory[]>(),
    enforcedCategories: p.json<LearningCategory[]>(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type LearningSetting = InferEntity<typeof LearningSetting>;
