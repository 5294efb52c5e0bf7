/** The ai_analysis group as other groups see it: its services and its event. Types only. */
import type { AnalysisConversationReader } from './services/conversation-reader.js';
import type { AnalysisEngineService } from './services/analysis-engine.js';
import type { AnalysisCategorizeService } from './services/categorize-service.js';
import type { AnalysisRecordsService } from './services/records-service.js';
import type { AnalysisSettingsService } from './services/settings-service.js';
import type { AnalysisTaggingService } from './services/tagging-service.js';
import type { AnalysisSummaryService } from './services/summary-service.js';
import type { AnalysisWritingService } from './services/writing-service.js';
import type { AnalysisInsightsService } from './services/insights-service.js';

/**
 * Fired when an analysis of a conversation is stored: saved by save_conversation_analysis
 * (`source: saved`) or by the idle-conversation job (`source: auto`). An automation trigger.
 */
export interface AiAnalysisConversationCategorized {
  analysis_id: number;
  conversation_id: number;
  phone: string;
  session_id: number;
  topic: string;
  intent: string;
  priority: string;
  sentiment: string;
  source: 'saved' | 'auto';
}

declare module '../../core/index.js' {
  interface GroupServices {
    analysisConversationReader: AnalysisConversationReader;
    analysisEngineService: AnalysisEngineService;
    analysisCategorizeService: AnalysisCategorizeService;
    analysisRecordsService: AnalysisRecordsService;
    analysisSettingsService: AnalysisSettingsService;
    analysisTaggingService: AnalysisTaggingService;
    analysisSummaryService: AnalysisSummaryService;
    analysisWritingService: AnalysisWritingService;
    analysisInsightsService: AnalysisInsightsService;
  }
  interface EventMap {
    'ai_analysis.conversation_categorized': AiAnalysisConversationCategorized;
  }
}
