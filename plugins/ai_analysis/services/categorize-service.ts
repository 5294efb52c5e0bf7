import type { Services } from '../../../core/index.js';
import { waitingMinutes, type ConversationFindings } from './builtin/analyse-conversation.js';
import type { Intent } from './builtin/intent-classifier.js';
import type { Priority } from './builtin/priority.js';
import type { Sentiment } from './builtin/sentiment.js';
import type { ConversationMessage, ConversationRef } from './conversation-reader.js';
import type { ConversationAnalysis } from '../entities/conversation-analysis.entity.js';
import type { WidgetLanguage } from '../../prompt/surface.js';

/** Messages of a conversation the analysis reads: enough for any chat thread's recent matter. */
export const ANALYSIS_LAST_N = 30;

export interface CategorizeRequest {
  hours: number;
  limit: number;
  phone?: string;
}

export type CategorizedConversation = ConversationFindings & {
  conversation_id: number;
  phone: string;
  session_id: number;
  last_message_id: number | null;
  /** A stored analysis of exactly these messages (saved, or made by the idle-conversation job). */
  cached: boolean;
};

/**
 * auto_categorize_conversations: the conversations a customer wrote in during the last hours,
 * newest activity first, each with topic, intent, priority, sentiment and language, and the
 * messages that show the intent. A query: nothing is stored (save_conversation_analysis does that).
 */
export class AnalysisCategorizeService {
  constructor(private readonly deps: Services) {}

  async categorize(request: CategorizeRequest) {
    const reader = this.deps.analysisConversationReader;
    const conversations = await reader.active(request.hours, request.limit, request.phone);
    const stored = await this.deps.analysisRecordsService.currentFor(conversations);
    const fresh = conversations.filter((c) => !stored.has(c.id));
    const messages = await reader.messages(conversations, { lastN: ANALYSIS_LAST_N });
    const settings = await this.deps.analysisSettingsService.current();
    const findings = await this.deps.analysisEngineService.analyse(
      fresh.map((conversation) => ({ conversation, messages: messages.get(conversation.id)! })),
      settings,
    );
    const byId = new Map(fresh.map((c, i) => [c.id, findings[i]!]));
    const engine = await this.deps.analysisEngineService.label();
    return {
      conversations: conversations.map((c) => {
        const kept = stored.get(c.id);
        return this.entry(c, kept ? fromStored(kept, messages.get(c.id)!) : byId.get(c.id)!, kept !== undefined);
      }),
      count: conversations.length,
      hours: request.hours,
      limit: request.limit,
      ...engine,
    };
  }

  /** One conversation analysed now (the job, and save with what the engine says). */
  async analyseOne(conversation: ConversationRef): Promise<ConversationFindings> {
    const messages = await this.deps.analysisConversationReader.messages([conversation], { lastN: ANALYSIS_LAST_N });
    const [findings] = await this.deps.analysisEngineService.analyse(
      [{ conversation, messages: messages.get(conversation.id)! }],
      await this.deps.analysisSettingsService.current(),
    );
    return findings!;
  }

  private entry(c: ConversationRef, findings: ConversationFindings, cached: boolean): CategorizedConversation {
    return {
      conversation_id: c.id,
      phone: c.phone,
      session_id: c.sessionId,
      last_message_id: c.lastMessageId,
      ...findings,
      cached,
    };
  }
}

/** A stored analysis of the conversation's current messages, as the categorization shows it. */
function fromStored(row: ConversationAnalysis, messages: ConversationMessage[]): ConversationFindings {
  return {
    topic: row.topic,
    intent: row.intent as Intent,
    priority: row.priority as Priority,
    priority_reason: row.source === 'saved' ? 'saved with the analysis' : `stored by the ${row.engine} engine`,
    sentiment: row.sentiment as Sentiment,
    sentiment_score: null,
    language: (row.language as WidgetLanguage | null) ?? 'und',
    language_method: 'stored',
    confidence: row.confidence == null ? null : Number(row.confidence),
    evidence: row.evidence,
    waiting_minutes: waitingMinutes(messages),
  };
}
