import { Type, type Services } from '../../../core/index.js';
import { analyseBuiltin, customerMessages, excerpt } from './builtin/analyse-conversation.js';
import { classifyMessage } from './builtin/intent-classifier.js';
import { keySentence, openQuestions, promises, requests } from './builtin/summary.js';
import { transcript } from './analysis-engine.js';
import type { ConversationMessage } from './conversation-reader.js';

export const SUMMARY_TYPES = ['quick', 'actionable', 'detailed'] as const;
export type SummaryType = (typeof SUMMARY_TYPES)[number];

export interface SummaryRequest {
  phone: string;
  sessionId?: number;
  summaryType: SummaryType;
  lastN: number;
  days?: number;
}

const MODEL_SUMMARY = Type.Object(
  {
    summary: Type.String({ minLength: 1, maxLength: 2000 }),
    key_points: Type.Array(Type.String({ maxLength: 300 }), { maxItems: 10 }),
    open_questions: Type.Array(Type.String({ maxLength: 300 }), { maxItems: 10 }),
    promises: Type.Array(Type.String({ maxLength: 300 }), { maxItems: 10 }),
  },
  { additionalProperties: false },
);

const INSTRUCTIONS: Record<SummaryType, string> = {
  quick: 'Summarize in one or two sentences what the customer wants and where it stands.',
  actionable:
    'Summarize what the shop must do next: the customer questions nobody answered, their requests, and what the shop promised.',
  detailed:
    'Summarize the conversation in order, with the key facts (dates, order numbers, amounts) and how it stands now.',
};

/**
 * summarize_conversation. The built-in engine extracts, it does not write prose: quick gives the
 * facts and the customer sentence that says most; actionable the unanswered questions, the
 * requests and the shop's promises; detailed a timeline of the messages. With a provider the task
 * model writes the summary, in the conversation's language.
 */
export class AnalysisSummaryService {
  constructor(private readonly deps: Services) {}

  async summarize(request: SummaryRequest) {
    const reader = this.deps.analysisConversationReader;
    const conversation = await reader.resolve(request.phone, request.sessionId);
    const messages = (await reader.messages([conversation], { lastN: request.lastN, days: request.days })).get(
      conversation.id,
    )!;
    const findings = await analyseBuiltin(
      conversation,
      messages,
      (await this.deps.analysisSettingsService.current()).topics,
    );
    const facts = {
      messages: messages.length,
      customer_messages: customerMessages(messages).length,
      first_at: messages[0]?.createdAt.toISOString() ?? null,
      last_at: messages.at(-1)?.createdAt.toISOString() ?? null,
      waiting_minutes: findings.waiting_minutes,
      language: findings.language,
    };
    const engine = await this.deps.analysisEngineService.label();
    const base = {
      conversation_id: conversation.id,
      phone: conversation.phone,
      session_id: conversation.sessionId,
      summary_type: request.summaryType,
      facts,
      ...engine,
    };
    if (messages.length === 0)
      return {
        ...base,
        summary: 'No messages in this window.',
        ...this.empty(request.summaryType),
      };
    if (engine.engine !== 'builtin') return { ...base, ...(await this.withModel(request.summaryType, messages)) };
    return { ...base, ...this.builtin(request.summaryType, messages, findings) };
  }

  private empty(type: SummaryType) {
    if (type === 'actionable') return { open_questions: [], requests: [], promises: [] };
    if (type === 'detailed') return { timeline: [] };
    return { key_sentence: null };
  }

  private builtin(
    type: SummaryType,
    messages: ConversationMessage[],
    findings: Awaited<ReturnType<typeof analyseBuiltin>>,
  ) {
    const key = keySentence(messages);
    const state =
      findings.waiting_minutes > 0
        ? `The customer has waited ${findings.waiting_minutes} min for a reply.`
        : 'The shop replied last.';
    const summary = `${findings.intent} (${findings.topic})${key ? `: “${key.sentence}”` : ''}. ${state}`;
    if (type === 'quick') return { summary, key_sentence: key };
    if (type === 'actionable') {
      const open = openQuestions(messages);
      return {
        summary: `${open.length} open question(s). ${summary}`,
        open_questions: open,
        requests: requests(messages),
        promises: promises(messages),
      };
    }
    return {
      summary,
      timeline: messages.map((m) => ({
        message_id: m.id,
        at: m.createdAt.toISOString(),
        from: m.direction === 'inbound' ? 'customer' : m.automatic ? 'automatic' : 'shop',
        ...(m.direction === 'inbound' && { intent: classifyMessage(m.text).intent }),
        excerpt: excerpt(m.text),
      })),
    };
  }

  private async withModel(type: SummaryType, messages: ConversationMessage[]) {
    const answer = await this.deps.promptAiService.chat({
      surface: 'dashboard',
      task: 'task',
      schema: MODEL_SUMMARY,
      messages: [
        {
          role: 'system',
          content: `${INSTRUCTIONS[type]} Write in the language of the conversation. Messages marked automatic are the shop’s campaigns and auto-replies. Answer with JSON only.`,
        },
        { role: 'user', content: transcript(messages) },
      ],
    });
    return answer.data as { summary: string; key_points: string[]; open_questions: string[]; promises: string[] };
  }
}
