import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { LEARNING_CATEGORIES } from './learning-setting.entity.js';

export const RATINGS: ['good', 'bad'] = ['good', 'bad'];

/** An agent's verdict on an assistant answer, with the correction that may become a learned rule. */
export const AiFeedback = defineEntity({
  name: 'AiFeedback',
  tableName: 'ai_feedback',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    surface: p.string().length(40),
    rating: p.enum(RATINGS),
    answer: p.text().nullable(),
    correction: p.text().nullable(),
    category: p.enum(LEARNING_CATEGORIES).nullable(),
    ruleId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AiFeedback = InferEntity<typeof AiFeedback>;
