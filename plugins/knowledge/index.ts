import { definePlugin } from '../../core/index.js';
import { knowledgeErrors } from './errors.js';
import { Snippet } from './entities/snippet.entity.js';
import { KnowledgeSettings } from './entities/knowledge-settings.entity.js';
import { KnowledgeInit } from './migrations/0001-init.js';
import { KnowledgeEmbeddings } from './migrations/0002-embeddings.js';
import { SnippetEmbedding } from './entities/snippet-embedding.entity.js';
import { KnowledgeEmbeddingsService } from './services/embeddings-service.js';
import { VectorCache } from './services/vector-cache.js';
import { embedKnowledge } from './jobs/embed-knowledge.js';
import { KnowledgeTrainingSuggestions } from './migrations/0003-training-suggestions.js';
import { KnowledgeStoredTsv } from './migrations/0004-stored-tsv.js';
import { TrainingSuggestion } from './entities/training-suggestion.entity.js';
import { SuggestionObservation } from './entities/suggestion-observation.entity.js';
import { KnowledgeSuggestionsService } from './services/suggestions/suggestions-service.js';
import { mineTrainingSuggestions } from './jobs/mine-training-suggestions.js';
import { listTrainingSuggestions } from './tools/list-training-suggestions.js';
import { getTrainingSuggestion } from './tools/get-training-suggestion.js';
import { updateTrainingSuggestion } from './tools/update-training-suggestion.js';
import { applyTrainingSuggestion } from './tools/apply-training-suggestion.js';
import { dismissTrainingSuggestion } from './tools/dismiss-training-suggestion.js';
import { generateTrainingSuggestions } from './tools/generate-training-suggestions.js';
import { KnowledgeSnippetsService } from './services/snippets-service.js';
import { KnowledgeAnswerService } from './services/answer-service.js';
import { KnowledgeSearchService } from './services/search-service.js';
import { KnowledgeImportService } from './services/import-service.js';
import { KnowledgeSettingsService } from './services/settings-service.js';
import { expireSnippets } from './jobs/expire-snippets.js';
import { createKnowledgeSnippet } from './tools/create-knowledge-snippet.js';
import { listKnowledgeSnippets } from './tools/list-knowledge-snippets.js';
import { getKnowledgeSnippet } from './tools/get-knowledge-snippet.js';
import { updateKnowledgeSnippet } from './tools/update-knowledge-snippet.js';
import { deleteKnowledgeSnippet } from './tools/delete-knowledge-snippet.js';
import { approveKnowledgeSnippet } from './tools/approve-knowledge-snippet.js';
import { rejectKnowledgeSnippet } from './tools/reject-knowledge-snippet.js';
import { importKnowledge } from './tools/import-knowledge.js';
import { searchKnowledge } from './tools/search-knowledge.js';
import { getKnowledgeSettings } from './tools/get-knowledge-settings.js';
import { updateKnowledgeSettings } from './tools/update-knowledge-settings.js';
import { KnowledgeDocuments } from './migrations/0005-documents.js';
import { KnowledgeDocumentCollections } from './migrations/0006-document-collections.js';
import { KnowledgeTenantIndexesCovered } from './migrations/0007-tenant-indexes-covered.js';
import { KnowledgeDocument } from './entities/document.entity.js';
import { KnowledgeChunk } from './entities/chunk.entity.js';
import { ChunkEmbedding } from './entities/chunk-embedding.entity.js';
import { KnowledgeDocumentsService } from './services/documents/documents-service.js';
import { indexDocuments } from './jobs/index-documents.js';
import { addKnowledgeDocument } from './tools/add-knowledge-document.js';
import { listKnowledgeDocuments } from './tools/list-knowledge-documents.js';
import { getKnowledgeDocument } from './tools/get-knowledge-document.js';
import { updateKnowledgeDocument } from './tools/update-knowledge-document.js';
import { deleteKnowledgeDocument } from './tools/delete-knowledge-document.js';

/**
 * knowledge: what the assistant may know — snippets (FAQ, policy, product facts, notes) with an
 * approval state, imported from CSV, JSON or Markdown; documents (text, Markdown, HTML, or a stored
 * PDF, Word, text, Markdown or HTML file) cut into chunks under their headings; both searched in
 * their language (full-text with accents folded and words stemmed, trigram similarity for typos in
 * snippets) on both engines, fused with vectors when the shop's provider has an embedding model;
 * and training suggestions mined from ticket resolutions and agents' corrections, applied as
 * snippets or prompt rules.
 */
export default definePlugin({
  name: 'knowledge',
  version: '1.0.0',
  description:
    'Knowledge snippets the assistant may use (create, import, approve, reject, expire), documents cut into chunks, and their search in seven languages.',
  kernel: '^1.0.0',
  dependencies: ['prompt'],
  /**
   * Ticket resolutions are mined for training suggestions when tickets is enabled; documents are
   * read from the storage group's files when it is.
   */
  optionalDependencies: ['tickets', 'storage'],
  entities: [
    Snippet,
    KnowledgeSettings,
    SnippetEmbedding,
    TrainingSuggestion,
    SuggestionObservation,
    KnowledgeDocument,
    KnowledgeChunk,
    ChunkEmbedding,
  ],
  migrations: [
    { name: '0001-init', class: KnowledgeInit },
    { name: '0002-embeddings', class: KnowledgeEmbeddings },
    { name: '0003-training-suggestions', class: KnowledgeTrainingSuggestions },
    { name: '0004-stored-tsv', class: KnowledgeStoredTsv },
    { name: '0005-documents', class: KnowledgeDocuments },
    { name: '0006-document-collections', class: KnowledgeDocumentCollections },
    { name: '0007-tenant-indexes-covered', class: KnowledgeTenantIndexesCovered },
  ],
  services: {
    knowledgeSnippetsService: KnowledgeSnippetsService,
    knowledgeSearchService: KnowledgeSearchService,
    knowledgeImportService: KnowledgeImportService,
    knowledgeSettingsService: KnowledgeSettingsService,
    knowledgeEmbeddingsService: KnowledgeEmbeddingsService,
    knowledgeSuggestionsService: KnowledgeSuggestionsService,
    knowledgeDocumentsService: KnowledgeDocumentsService,
    /** The assistant's answer to a customer from this knowledge (workflows, widgets, voice). */
    knowledgeAnswerService: KnowledgeAnswerService,
  },
  errors: knowledgeErrors,
  jobs: [expireSnippets, embedKnowledge, mineTrainingSuggestions, indexDocuments],
  setup: ({ provide }) => {
    provide('knowledgeVectorCache', new VectorCache());
  },
  tools: [
    createKnowledgeSnippet,
    listKnowledgeSnippets,
    getKnowledgeSnippet,
    updateKnowledgeSnippet,
    deleteKnowledgeSnippet,
    approveKnowledgeSnippet,
    rejectKnowledgeSnippet,
    importKnowledge,
    addKnowledgeDocument,
    listKnowledgeDocuments,
    getKnowledgeDocument,
    updateKnowledgeDocument,
    deleteKnowledgeDocument,
    searchKnowledge,
    getKnowledgeSettings,
    updateKnowledgeSettings,
    listTrainingSuggestions,
    getTrainingSuggestion,
    updateTrainingSuggestion,
    applyTrainingSuggestion,
    dismissTrainingSuggestion,
    generateTrainingSuggestions,
  ],
});
