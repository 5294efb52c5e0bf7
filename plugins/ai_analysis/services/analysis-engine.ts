import { Type, type Services } from '../../../core/index.js';
import { BUILTIN_NOTICE, type ResolvedEngine } from '../../prompt/surface.js';
import {
  analyseBuiltin,
  customerMessages,
  excerpt,
  type ConversationFindings,
} from './builtin/analyse-conversation.js';
import { INTENTS, TOPICS, type Intent } from './builtin/intent-classifier.js';
import { PRIORITIES, type Priority } from './builtin/priority.js';
import { SENTIMENTS, type Sentiment } from './builtin/sentiment.js';
import type { ConversationMessage, ConversationRef } from './conversation-reader.js';
import type { AnalysisSettingsValues } from './settings-service.js';

/** Model calls at once for one request: a limit of 20 conversations is four rounds. */
const CONCURRENCY = 5;

export interface EngineLabel {
  engine: ResolvedEngine['engine'];
  model: string | null;
  notice?: string;
}

/** A conversation's messages as the model reads them: who said it, and its id for evidence. */
export function transcript(messages: ConversationMessage[]): string {
  return messages
    .map(
      (m) =>
        `[${m.id}] ${m.direction === 'inbound' ? 'customer' : m.automatic ? 'shop (automatic)' : 'shop'} ${m.createdAt.toISOString()}: ${m.text}`,
    )
    .join('\n');
}

/** Runs `work` over `items`, at most `limit` at a time, keeping their order. */
export async function bounded<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * Analyses conversations with the shop's engine. The built-in engine always runs (it is cheap and
 * gives the waiting time, and the language and sentiment the settings keep built-in); with a
 * provider, the task model decides topic, intent and priority (and sentiment unless kept
 * built-in), its JSON checked against the shop's taxonomy.
 */
export class AnalysisEngineService {
  constructor(private readonly deps: Services) {}

  /** Which engine answers, with the built-in engine's notice: every answer carries it. */
  async label(): Promise<EngineLabel> {
    const engine = await this.deps.promptAiService.engine();
    return engine.engine === 'builtin'
      ? { engine: engine.engine, model: null, notice: BUILTIN_NOTICE }
      : { engine: engine.engine, model: engine.models.task };
  }

  async analyse(
    items: { conversation: ConversationRef; messages: ConversationMessage[] }[],
    settings: AnalysisSettingsValues,
  ): Promise<ConversationFindings[]> {
    const useModel = await this.deps.promptAiService.hasLanguageModel();
    return bounded(items, CONCURRENCY, async ({ conversation, messages }) => {
      const builtin = await analyseBuiltin(conversation, messages, settings.topics);
      return useModel ? this.withModel(builtin, messages, settings) : builtin;
    });
  }

  private async withModel(
    builtin: ConversationFindings,
    messages: ConversationMessage[],
    settings: AnalysisSettingsValues,
  ): Promise<ConversationFindings> {
    const topics = [...new Set([...settings.topics.map((t) => t.key), ...TOPICS])];
    const keepSentiment = settings.builtinFor.includes('sentiment');
    const schema = Type.Object(
      {
        topic: Type.Enum(topics),
        intent: Type.Enum([...INTENTS]),
        priority: Type.Enum([...PRIORITIES]),
        sentiment: Type.Enum([...SENTIMENTS]),
        confidence: Type.Number({ minimum: 0, maximum: 1 }),
        evidence_message_ids: Type.Array(Type.Integer(), { maxItems: 5 }),
      },
      { additionalProperties: false },
    );
    const taxonomy = settings.topics.length
      ? `\nThe shop's own topics (prefer them when they fit): ${settings.topics.map((t) => `${t.key} (${t.label})`).join(', ')}.`
      : '';
    const answer = await this.deps.promptAiService.chat({
      surface: 'dashboard',
      task: 'task',
      schema,
      messages: [
        {
          role: 'system',
          content:
            `You categorize a shop's conversation with a customer. Topics: ${topics.join(', ')}. Intents: ${INTENTS.join(', ')}. ` +
            'Priority: P0 legal threats, fraud or safety, or a furious customer left waiting; P1 complaints, requests for a person, upset customers waiting; P2 ordinary requests; P3 greetings and thanks. ' +
            'Judge by what the customer wrote; messages marked automatic are the shop’s campaigns and auto-replies, context only. ' +
            `evidence_message_ids: the ids of the customer messages that show the intent.${taxonomy} Answer with JSON only.`,
        },
        { role: 'user', content: transcript(messages) },
      ],
    });
    const data = answer.data as {
      topic: string;
      intent: Intent;
      priority: Priority;
      sentiment: Sentiment;
      confidence: number;
      evidence_message_ids: number[];
    };
    const customer = new Map(customerMessages(messages).map((m) => [m.id, m]));
    const evidence = data.evidence_message_ids
      .filter((id) => customer.has(id))
      .map((id) => ({ message_id: id, excerpt: excerpt(customer.get(id)!.text) }));
    return {
      ...builtin,
      topic: data.topic,
      intent: data.intent,
      priority: data.priority,
      priority_reason: 'decided by the model',
      sentiment: keepSentiment ? builtin.sentiment : data.sentiment,
      sentiment_score: keepSentiment ? builtin.sentiment_score : null,
      confidence: Math.round(data.confidence * 100) / 100,
      evidence,
    };
  }
}
