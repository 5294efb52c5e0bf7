import { Type } from '../../../core/index.js';
import { SURFACES } from '../services/ai/ai-types.js';
import { LEARNING_CATEGORIES } from '../entities/learning-setting.entity.js';

export const surfaceArg = (description: string) => Type.Enum([...SURFACES], { description });

export const categoriesArg = (description: string) =>
  Type.Array(Type.Enum([...LEARNING_CATEGORIES]), { maxItems: LEARNING_CATEGORIES.length, description });

export const PromptTextOutput = Type.Object({
  surface: Type.String(),
  version: Type.Integer({ description: '0: nothing saved yet (the default base prompt, or no addition).' }),
  text: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  source: Type.Enum(['save', 'restore', 'suggestion', 'default']),
  restored_from: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.Union([Type.String(), Type.Null()]),
});

export const LearningOutput = Type.Object({
  surface: Type.String(),
  mode: Type.String(),
  max_rules: Type.Integer(),
  enabled_categories: Type.Array(Type.String()),
  enforced_categories: Type.Array(Type.String()),
  inherited_from: Type.Union([Type.Enum(['all', 'defaults']), Type.Null()]),
});

export const RuleOutput = Type.Object({
  id: Type.Integer(),
  surface: Type.String(),
  category: Type.String(),
  text: Type.String(),
  status: Type.String(),
  evidence_count: Type.Integer(),
  activated_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  activated_at: Type.Union([Type.String(), Type.Null()]),
});
