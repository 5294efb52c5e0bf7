import { definePlugin } from '../../core/index.js';
import { aiAnalysisErrors } from './errors.js';
import { ConversationAnalysis } from './entities/conversation-analysis.entity.js';
import { AnalysisSettings } from './entities/analysis-settings.entity.js';
import { AiAnalysisInit } from './migrations/0001-init.js';
import { AiAnalysisTenantIndexesCovered } from './migrations/0002-tenant-indexes-covered.js';
import { AnalysisConversationReader } from './services/conversation-reader.js';
import { AnalysisEngineService } from './services/analysis-engine.js';
import { AnalysisCategorizeService } from './services/categorize-service.js';
import { AnalysisRecordsService } from './services/records-service.js';
import { AnalysisSettingsService } from './services/settings-service.js';
import { AnalysisTaggingService } from './services/tagging-service.js';
import { AnalysisSummaryService } from './services/summary-service.js';
import { AnalysisWritingService } from './services/writing-service.js';
import { AnalysisInsightsService } from './services/insights-service.js';
import { categorizeIdleConversations } from './jobs/categorize-idle-conversations.js';
import { autoCategorizeConversations } from './tools/auto-categorize-conversations.js';
import { autoTagCustomer } from './tools/auto-tag-customer.js';
import { summarizeConversation } from './tools/summarize-conversation.js';
import { analyzeSentiment } from './tools/analyze-sentiment.js';
import { detectLanguage } from './tools/detect-language.js';
import { translateText } from './tools/translate-text.js';
import { rewriteMessage } from './tools/rewrite-message.js';
import { suggestReply } from './tools/suggest-reply.js';
import { saveConversationAnalysis } from './tools/save-conversation-analysis.js';
import { listConversationAnalyses } from './tools/list-conversation-analyses.js';
import { getAnalysisSettings } from './tools/get-analysis-settings.js';
import { updateAnalysisSettings } from './tools/update-analysis-settings.js';
import { getTopicTrends } from './tools/get-topic-trends.js';

/**
 * ai_analysis: what conversations are about. Topic, intent, priority, sentiment and language per
 * conversation; tags to suggest for a customer; summaries; translation, rewriting and reply
 * drafts; stored analyses with the shop's own taxonomy, and their trends. The shop's AI provider
 * answers when one is configured; otherwise a built-in engine (cue lexicons in seven languages,
 * eld, nlp.js sentiment lexicons, the knowledge search), which says so in every answer.
 */
export default definePlugin({
  name: 'ai_analysis',
  version: '1.0.0',
  description:
    'Categorizes conversations (topic, intent, priority), suggests customer tags, summarizes, detects language and sentiment, translates and drafts replies; stores analyses and their trends.',
  kernel: '^1.0.0',
  servicePrefix: 'analysis',
  dependencies: ['prompt', 'conversations', 'whatsapp_ops', 'customers'],
  /** Reply suggestions quote the shop's knowledge when knowledge is enabled. */
  optionalDependencies: ['knowledge'],
  entities: [ConversationAnalysis, AnalysisSettings],
  migrations: [
    { name: '0001-init', class: AiAnalysisInit },
    { name: '0002-tenant-indexes-covered', class: AiAnalysisTenantIndexesCovered },
  ],
  services: {
    analysisConversationReader: AnalysisConversationReader,
    analysisEngineService: AnalysisEngineService,
    analysisCategorizeService: AnalysisCategorizeService,
    analysisRecordsService: AnalysisRecordsService,
    analysisSettingsService: AnalysisSettingsService,
    analysisTaggingService: AnalysisTaggingService,
    analysisSummaryService: AnalysisSummaryService,
    analysisWritingService: AnalysisWritingService,
    analysisInsightsService: AnalysisInsightsService,
  },
  errors: aiAnalysisErrors,
  jobs: [categorizeIdleConversations],
  tools: [
    autoCategorizeConversations,
    autoTagCustomer,
    summarizeConversation,
    analyzeSentiment,
    detectLanguage,
    translateText,
    rewriteMessage,
    suggestReply,
    saveConversationAnalysis,
    listConversationAnalyses,
    getAnalysisSettings,
    updateAnalysisSettings,
    getTopicTrends,
  ],
});
