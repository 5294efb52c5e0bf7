import {
  invalidArguments,
  normalizePhone,
  pageOf,
  type Paging,
  type Services,
  parseShopDay,
} from '../../../core/index.js';
import { ConversationAnalysis } from '../entities/conversation-analysis.entity.js';
import type { ConversationFindings } from './builtin/analyse-conversation.js';
import { TOPICS, type Intent } from './builtin/intent-classifier.js';
import type { Priority } from './builtin/priority.js';
import type { Sentiment } from './builtin/sentiment.js';
import type { ConversationRef } from './conversation-reader.js';

export interface SavedItem {
  phone: string;
  session_id?: number;
  topic: string;
  intent: Intent;
  priority: Priority;
  sentiment: Sentiment;
  language?: string;
  summary?: string;
}

export interface AnalysisFilters {
  topic?: string;
  intent?: string;
  priority?: string;
  sentiment?: string;
  phone?: string;
  date_from?: string;
  date_to?: string;
}

export const TREND_DIMENSIONS = ['topic', 'intent', 'sentiment', 'priority'] as const;
export type TrendDimension = (typeof TREND_DIMENSIONS)[number];

/**
 * Stored analyses: saved by agents or the assistant, or by the idle-conversation job. Each stored
 * analysis announces `ai_analysis.conversation_categorized`, and they feed the list and the trends.
 */
export class AnalysisRecordsService {
  constructor(private readonly deps: Services) {}

  /** Saves the items (all or none: the call's transaction), each on its customer's conversation. */
  async save(items: SavedItem[]) {
    const settings = await this.deps.analysisSettingsService.current();
    const topics = new Set<string>([...TOPICS, ...settings.topics.map((t) => t.key)]);
    const saved = [];
    for (const [i, item] of items.entries()) {
      if (!topics.has(item.topic))
        throw invalidArguments(
          `Item ${i + 1}: topic "${item.topic}" is neither a built-in topic nor one of the shop's.`,
          [{ path: `items.${i}.topic`, message: 'is not a known topic' }],
        );
      const conversation = await this.deps.analysisConversationReader.resolve(item.phone, item.session_id);
      saved.push(
        await this.store(conversation, {
          source: 'saved',
          engine: 'agent',
          topic: item.topic,
          intent: item.intent,
          priority: item.priority,
          sentiment: item.sentiment,
          language: item.language ?? null,
          summary: item.summary ?? null,
          confidence: null,
          evidence: [],
        }),
      );
    }
    return { saved, count: saved.length };
  }

  /**
   * What the job found for a conversation, stored as `auto` unless another process stored an
   * analysis of the same messages meanwhile (then null).
   */
  async storeFindings(conversation: ConversationRef, findings: ConversationFindings, engine: string) {
    await this.deps.em.execute('select pg_advisory_xact_lock(hashtext(?), ?)', ['ai_analysis.store', conversation.id]);
    const done = await this.deps.em.count(ConversationAnalysis, {
      conversationId: conversation.id,
      lastMessageId: conversation.lastMessageId,
    });
    if (done > 0) return null;
    return this.store(conversation, {
      source: 'auto',
      engine,
      topic: findings.topic,
      intent: findings.intent,
      priority: findings.priority,
      sentiment: findings.sentiment,
      language: findings.language === 'und' ? null : findings.language,
      summary: null,
      confidence: findings.confidence,
      evidence: findings.evidence,
    });
  }

  /** The stored analysis of each conversation that is still current (made after its newest message). */
  async currentFor(conversations: ConversationRef[]): Promise<Map<number, ConversationAnalysis>> {
    const current = conversations.filter((c) => c.lastMessageId !== null);
    if (current.length === 0) return new Map();
    const rows = await this.deps.em.find(
      ConversationAnalysis,
      { $or: current.map((c) => ({ conversationId: c.id, lastMessageId: c.lastMessageId })) },
      { orderBy: { id: 'desc' } },
    );
    const map = new Map<number, ConversationAnalysis>();
    for (const row of rows) if (!map.has(row.conversationId)) map.set(row.conversationId, row);
    return map;
  }

  async list(filters: AnalysisFilters, paging: Paging) {
    const where: Record<string, unknown> = {};
    for (const key of ['topic', 'intent', 'priority', 'sentiment'] as const)
      if (filters[key] !== undefined) where[key] = filters[key];
    if (filters.phone !== undefined) where.phone = normalizePhone(filters.phone);
    const range = this.range(filters);
    if (range) where.createdAt = range;
    const [rows, count] = await this.deps.em.findAndCount(ConversationAnalysis, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf(
      'analyses',
      rows.map((r) => this.payload(r)),
      count,
      paging,
    );
  }

  /**
   * How many conversations had each value per day or week (the shop's calendar) over the last
   * days; a conversation analysed several times in one period counts once, with its last analysis.
   */
  async trends(days: number, groupBy: 'day' | 'week', by: TrendDimension) {
    const tz = this.deps.shop.timezone;
    const rows = await this.deps.em.execute<{ period: string; value: string; n: number }[]>(
      `select period, value, count(*)::int as n from (
         select distinct on (conversation_id, period) conversation_id, period, value from (
           select conversation_id, id, to_char(date_trunc(?, created_at at time zone ?), 'YYYY-MM-DD') as period, ${by} as value
           from ai_conversation_analyses where shop_id = ? and created_at > now() - make_interval(days => ?::int)) a
         order by conversation_id, period, id desc) latest
       group by period, value order by period, value`,
      [groupBy, tz, this.deps.shop.id, days],
    );
    const periods = new Map<string, Record<string, number>>();
    const totals: Record<string, number> = {};
    for (const r of rows) {
      const counts = periods.get(r.period) ?? {};
      counts[r.value] = r.n;
      periods.set(r.period, counts);
      totals[r.value] = (totals[r.value] ?? 0) + r.n;
    }
    return {
      by,
      group_by: groupBy,
      days,
      series: [...periods].map(([period, counts]) => ({ period, counts })),
      totals,
    };
  }

  private range(filters: AnalysisFilters): Record<string, Date> | null {
    const tz = this.deps.shop.timezone;
    const from = filters.date_from !== undefined ? parseShopDay(filters.date_from, tz, 'date_from', 'start') : null;
    const to = filters.date_to !== undefined ? parseShopDay(filters.date_to, tz, 'date_to', 'end') : null;
    if (from && to && to < from)
      throw invalidArguments('date_to is before date_from.', [{ path: 'date_to', message: 'is before date_from' }]);
    if (!from && !to) return null;
    return { ...(from && { $gte: from }), ...(to && { $lte: to }) };
  }

  private async store(
    conversation: ConversationRef,
    values: Pick<
      ConversationAnalysis,
      | 'source'
      | 'engine'
      | 'topic'
      | 'intent'
      | 'priority'
      | 'sentiment'
      | 'language'
      | 'summary'
      | 'confidence'
      | 'evidence'
    >,
  ) {
    const row = this.deps.em.create(ConversationAnalysis, {
      shopId: this.deps.shop.id,
      conversationId: conversation.id,
      sessionId: conversation.sessionId,
      phone: conversation.phone,
      lastMessageId: conversation.lastMessageId,
      ...values,
    } as ConversationAnalysis);
    await this.deps.em.flush();
    await this.deps.events.emit('ai_analysis.conversation_categorized', {
      analysis_id: row.id,
      conversation_id: conversation.id,
      phone: conversation.phone,
      session_id: conversation.sessionId,
      topic: row.topic,
      intent: row.intent,
      priority: row.priority,
      sentiment: row.sentiment,
      source: row.source as 'saved' | 'auto',
    });
    return this.payload(row);
  }

  payload(r: ConversationAnalysis) {
    return {
      id: r.id,
      conversation_id: r.conversationId,
      session_id: r.sessionId,
      phone: r.phone,
      topic: r.topic,
      intent: r.intent,
      priority: r.priority,
      sentiment: r.sentiment,
      language: r.language,
      summary: r.summary,
      confidence: r.confidence == null ? null : Number(r.confidence),
      evidence: r.evidence,
      last_message_id: r.lastMessageId,
      source: r.source,
      engine: r.engine,
      created_at: r.createdAt.toISOString(),
    };
  }
}
