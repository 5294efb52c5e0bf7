import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { KnowledgeDocument } from './document.entity.js';

/**
 * A passage of a document (about 800 characters, cut between sentences, overlapping the one before
 * by up to 100), with the headings it sits under for citations. Written with its search vector in
 * one statement (services/documents/chunk-store.ts), never edited.
 */
export const KnowledgeChunk = defineEntity({
  name: 'KnowledgeChunk',
  tableName: 'knowledge_chunks',
  uniques: [{ properties: ['document', 'ordinal'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    document: () => p.manyToOne(KnowledgeDocument).deleteRule('cascade'),
    ordinal: p.integer(),
    headingPath: p.json<string[]>(),
    content: p.text(),
    tsConfig: p.string().length(16),
    tsv: p.string().columnType('tsvector').lazy(),
  },
  indexes: [
    {
      name: 'knowledge_chunks_search_index',
      expression: `create index "knowledge_chunks_search_index" on "knowledge_chunks" using gin ("shop_id", "ts_config", "tsv")`,
    },
  ],
});
export type KnowledgeChunk = InferEntity<typeof KnowledgeChunk>;
