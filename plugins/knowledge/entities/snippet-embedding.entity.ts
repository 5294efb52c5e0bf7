import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { Snippet } from './snippet.entity.js';

/**
 * A snippet's vector from one embedding model, with its dimensions and the hash of the text it was
 * made from. Searches read only the vectors of the shop's current model, so a model change never
 * mixes them; an embedding of another hash is stale and made again.
 */
export const SnippetEmbedding = defineEntity({
  name: 'SnippetEmbedding',
  tableName: 'knowledge_embeddings',
  uniques: [{ properties: ['snippet', 'model'] }],
  indexes: [{ properties: ['shopId', 'model'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    snippet: () => p.manyToOne(Snippet).deleteRule('cascade'),
    model: p.string().length(200),
    dims: p.integer(),
    /** float32, little-endian. */
    vector: p.blob(),
    contentHash: p.string().length(64),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type SnippetEmbedding = InferEntity<typeof SnippetEmbedding>;
