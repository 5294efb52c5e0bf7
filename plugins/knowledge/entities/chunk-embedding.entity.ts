import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { KnowledgeChunk } from './chunk.entity.js';

/**
 * A chunk's vector from one embedding model. A chunk's text never changes (a new text makes new
 * chunks), so unlike a snippet's vector it needs no hash of what it was made from.
 */
export const ChunkEmbedding = defineEntity({
  name: 'ChunkEmbedding',
  tableName: 'knowledge_chunk_embeddings',
  uniques: [{ properties: ['chunk', 'model'] }],
  indexes: [{ properties: ['shopId', 'model'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    chunk: () => p.manyToOne(KnowledgeChunk).deleteRule('cascade'),
    model: p.string().length(200),
    dims: p.integer(),
    /** float32, little-endian. */
    vector: p.blob(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ChunkEmbedding = InferEntity<typeof ChunkEmbedding>;
