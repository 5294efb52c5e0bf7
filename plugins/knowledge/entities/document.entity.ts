import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

export const DOCUMENT_FORMATS: ['text', 'markdown', 'html', 'pdf', 'docx'] = [
  'text',
  'markdown',
  'html',
  'pdf',
  'docx',
];
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
/** The formats a text given in the call may have; pdf and docx come as stored files. */
export const INLINE_FORMATS: ['text', 'markdown', 'html'] = ['text', 'markdown', 'html'];
export const DOCUMENT_STATUSES: ['processing', 'ready', 'failed'] = ['processing', 'ready', 'failed'];
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/**
 * A longer text the assistant may quote from: a manual, a policy page, a catalogue. It is searched
 * as its chunks (knowledge_chunks), made when it is added (a text given in the call) or by the job
 * `index-documents` (a stored file: processing → ready, or failed with the reason). A document's
 * chunks are those of its last successful indexing.
 */
export const KnowledgeDocument = defineEntity({
  name: 'KnowledgeDocument',
  tableName: 'knowledge_documents',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    title: p.string().length(200),
    format: p.enum(DOCUMENT_FORMATS),
    /** The storage group's file the text is read from; null for a text given in the call. */
    fileId: p.integer().nullable(),
    /** Given, or detected from the text ('' when unclear). */
    language: p.string().length(8),
    /** A given language stays when the text changes; a detected one is detected again. */
    languageGiven: p.boolean(),
    tsConfig: p.string().length(16),
    surfaces: p.json<string[]>(),
    /** A document Q&A assistant's (`docqa:<id>`): searched only by a search that names it. Null: the shop's knowledge. */
    collection: p.string().length(40).nullable(),
    status: p.enum(DOCUMENT_STATUSES),
    statusReason: p.string().length(500).nullable(),
    charCount: p.integer(),
    chunkCount: p.integer(),
    /** When a process took the file to index it; a claim older than the job's timeout is taken again. */
    claimedAt: p.datetime().nullable(),
    attempts: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    indexedAt: p.datetime().nullable(),
  },
  indexes: [
    {
      name: 'knowledge_documents_collection_index',
      expression: `create index "knowledge_documents_collection_index" on "knowledge_documents" ("shop_id", "collection") where "collection" is not null`,
    },
    {
      name: 'knowledge_documents_processing_index',
      expression: `create index "knowledge_documents_processing_index" on "knowledge_documents" ("id") where "status" = 'processing'`,
    },
  ],
});
export type KnowledgeDocument = InferEntity<typeof KnowledgeDocument>;
