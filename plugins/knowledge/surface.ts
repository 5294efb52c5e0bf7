/** The knowledge group as other groups see it: snippets and their search. Types only. */
import type { KnowledgeSnippetsService } from './services/snippets-service.js';
import type { KnowledgeSearchService } from './services/search-service.js';
import type { KnowledgeImportService } from './services/import-service.js';
import type { KnowledgeSettingsService } from './services/settings-service.js';
import type { KnowledgeEmbeddingsService } from './services/embeddings-service.js';
import type { VectorCache } from './services/vector-cache.js';
import type { KnowledgeSuggestionsService } from './services/suggestions/suggestions-service.js';
import type { KnowledgeDocumentsService } from './services/documents/documents-service.js';
import type { KnowledgeAnswerService } from './services/answer-service.js';

export type { KnowledgeSnippetsService, KnowledgeSearchService, KnowledgeAnswerService };
export type { AnswerRequest, AssistantAnswer, Citation } from './services/answer-service.js';
export type { SearchHit, SearchRequest } from './services/search-service.js';

declare module '../../core/index.js' {
  interface GroupServices {
    knowledgeSnippetsService: KnowledgeSnippetsService;
    knowledgeSearchService: KnowledgeSearchService;
    knowledgeImportService: KnowledgeImportService;
    knowledgeSettingsService: KnowledgeSettingsService;
    knowledgeEmbeddingsService: KnowledgeEmbeddingsService;
    knowledgeSuggestionsService: KnowledgeSuggestionsService;
    knowledgeDocumentsService: KnowledgeDocumentsService;
    knowledgeAnswerService: KnowledgeAnswerService;
    /** Provided at setup: the process's vectors per shop. */
    knowledgeVectorCache: VectorCache;
  }
}
