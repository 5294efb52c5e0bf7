import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { KnowledgeSettingsOutput } from './settings-output.js';

export const updateKnowledgeSettings = defineTool({
  name: 'update_knowledge_settings',
  title: 'Update knowledge settings',
  description:
    'top_k: results per search (1–20, default 3); relevance_threshold: the lowest score a result may have (0–1, default 0.15); hybrid_weight: how much vectors count against words when the shop has an embedding model (0–1, default 0.5); require_approval: imported snippets start pending (default true). Only what is given changes.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    top_k: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
    relevance_threshold: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    hybrid_weight: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    require_approval: Type.Optional(Type.Boolean()),
  }),
  output: KnowledgeSettingsOutput,
  handler: async (changes, { services }) => services.knowledgeSettingsService.update(changes),
});
