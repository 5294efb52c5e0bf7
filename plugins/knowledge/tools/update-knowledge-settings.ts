import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { KnowledgeSettingsOutput } from './settings-output.js';

export const updateKnowledgeSettings = defineTool({
  name: 'update_knowledge_settings',
  title: 'Update knowledge settings',
  description: 'Changes the knowledge search and approval settings given.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    top_k: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'Results per search; default 3.' })),
    relevance_threshold: Type.Optional(
      Type.Number({ minimum: 0, maximum: 1, description: 'The lowest score a result may have; default 0.15.' }),
    ),
    hybrid_weight: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: 'How much vectors count against words, with an embedding model; default 0.5.',
      }),
    ),
    require_approval: Type.Optional(Type.Boolean({ description: 'Imported snippets start pending; default true.' })),
  }),
  output: KnowledgeSettingsOutput,
  handler: async (changes, { services }) => services.knowledgeSettingsService.update(changes),
});
