import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

export const SNIPPET_KINDS: ['faq', 'policy', 'product', 'note'] = ['faq', 'policy', 'product', 'note'];
export type SnippetKind = (typeof SNIPPET_KINDS)[number];
export const SNIPPET_STATUSES: ['pending', 'active', 'rejected', 'expired'] = [
  'pending',
  'active',
  'rejected',
  'expired',
];
export type SnippetStatus = (typeof SNIPPET_STATUSES)[number];
export const SNIPPET_SOURCES: ['api', 'import', 'suggestion'] = ['api', 'import', 'suggestion'];

/**
 * What the assistant may know: a short text (an answer, a policy, a product fact) with a title and,
 * for an FAQ, the question. Only active snippets reach the assistant; pending ones wait for
 * approve_knowledge_snippet. Indexed for full-text search in its own language (ts_config: one of
 * the migration's sb_<language> configurations, accents folded, words stemmed) and by trigram on
 * its title and question for typos.
 */
export const Snippet = defineEntity({
  name: 'Snippet',
  tableName: 'knowledge_snippets',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    kind: p.enum(SNIPPET_KINDS),
    title: p.string().length(200),
    question: p.string().length(500).nullable(),
    content: p.text(),
    tags: p.json<string[]>(),
    language: p.string().length(8),
    tsConfig: p.string().length(16),
    surfaces: p.json<string[]>(),
    status: p.enum(SNIPPET_STATUSES),
    source: p.enum(SNIPPET_SOURCES),
    statusReason: p.string().length(500).nullable(),
    validUntil: p.datetime().nullable(),
    /** SHA-256 of what is embedded (title, question, content): an embedding of another hash is stale. */
    contentHash: p.string().length(64),
    /** Kept by a trigger (migration 0004) from ts_config, title, question and content; never read here. */
    tsv: p.string().columnType('tsvector').nullable().lazy(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    approvedAt: p.datetime().nullable(),
  },
  indexes: [
    { properties: ['shopId', 'contentHash'] },
    {
      name: 'knowledge_snippets_search_index',
      expression: `create index "knowledge_snippets_search_index" on "knowledge_snippets" using gin ("shop_id", "ts_config", "tsv")`,
    },
    {
      name: 'knowledge_snippets_trgm_index',
      expression: `create index "knowledge_snippets_trgm_index" on "knowledge_snippets" using gin (sb_search_text("title" || ' ' || coalesce("question", '')) gin_trgm_ops)`,
    },
  ],
});
export type Snippet = InferEntity<typeof Snippet>;
