import { languageOfPhone } from '../../../../core/index.js';
import { detectLanguage, type WidgetLanguage } from '../../../prompt/surface.js';
import type { ConversationMessage, ConversationRef } from '../conversation-reader.js';
import type { TaxonomyTopic } from '../settings-service.js';
import { compileCue, cueMatches, tokens } from './cue-matcher.js';
import { classifyMessage, INTENT_TOPIC, INTENTS, type Intent } from './intent-classifier.js';
import { priorityOf, type Priority } from './priority.js';
import { combinedScore, label, messageSentiment, type Sentiment } from './sentiment.js';

export interface Evidence {
  message_id: number;
  excerpt: string;
}

export interface ConversationFindings {
  topic: string;
  intent: Intent;
  priority: Priority;
  priority_reason: string;
  sentiment: Sentiment;
  /** The lexicon score, −1…1; null when the model judged the sentiment. */
  sentiment_score: number | null;
  language: WidgetLanguage | 'und';
  language_method: 'text' | 'phone_prefix' | 'none' | 'stored';
  /** 0–1; null for an analysis an agent saved. */
  confidence: number | null;
  evidence: Evidence[];
  waiting_minutes: number;
}

const EXCERPT = 160;
export const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

/** The customer's messages: inbound ones (automatic messages are the platform's, never the customer's). */
export const customerMessages = (messages: ConversationMessage[]) => messages.filter((m) => m.direction === 'inbound');

/** Minutes since the customer's oldest message no person has answered yet (0 when answered). */
export function waitingMinutes(messages: ConversationMessage[], now = Date.now()): number {
  let waitingSince: Date | null = null;
  for (const m of messages) {
    if (m.direction === 'inbound') waitingSince ??= m.createdAt;
    else if (!m.automatic) waitingSince = null;
  }
  return waitingSince ? Math.max(0, Math.floor((now - waitingSince.getTime()) / 60_000)) : 0;
}

/**
 * The language of the customer's recent messages together (short chat lines alone are too short),
 * the phone's country as the fallback, `und` when neither tells.
 */
export function conversationLanguage(
  phone: string,
  inbound: ConversationMessage[],
): { language: WidgetLanguage | 'und'; method: 'text' | 'phone_prefix' | 'none'; confidence: number } {
  const text = inbound
    .slice(-10)
    .map((m) => m.text)
    .join('\n');
  const detected = text.trim().length >= 20 ? detectLanguage(text) : null;
  if (detected?.language && detected.reliable)
    return { language: detected.language, method: 'text', confidence: Math.round(detected.confidence * 100) / 100 };
  const prior = languageOfPhone(phone);
  if (prior) return { language: prior, method: 'phone_prefix', confidence: 0.5 };
  if (detected?.language)
    return { language: detected.language, method: 'text', confidence: Math.round(detected.confidence * 100) / 100 };
  return { language: 'und', method: 'none', confidence: 0 };
}

/** The shop's own topic whose words the customer used most, if any. */
function shopTopic(taxonomy: TaxonomyTopic[], words: string[]): string | null {
  let best: { key: string; hits: number } | null = null;
  for (const topic of taxonomy) {
    const hits = Object.values(topic.keywords)
      .flat()
      .filter((k) => cueMatches(compileCue(k), words)).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { key: topic.key, hits };
  }
  return best?.key ?? null;
}

/**
 * A conversation analysed by the built-in engine: each customer message classified by the cue
 * lexicons, the newer weighing more (0.7 per message back); greetings count only when nothing else
 * was asked; the topic from the shop's taxonomy when its words occur, else from the intent.
 */
export async function analyseBuiltin(
  conversation: ConversationRef,
  messages: ConversationMessage[],
  taxonomy: TaxonomyTopic[],
): Promise<ConversationFindings> {
  const inbound = customerMessages(messages);
  const language = conversationLanguage(conversation.phone, inbound);
  const lang = language.language === 'und' ? null : language.language;
  const totals = new Map<Intent, number>();
  const classified = inbound.map((m, i) => {
    const c = classifyMessage(m.text);
    const weight = 0.7 ** (inbound.length - 1 - i);
    for (const [intent, score] of Object.entries(c.scores) as [Intent, number][])
      totals.set(intent, (totals.get(intent) ?? 0) + score * weight);
    return { message: m, classification: c };
  });
  const ranked = [...totals.entries()]
    .filter(([intent]) => intent !== 'greeting' || totals.size === 1)
    .sort((a, b) => b[1] - a[1] || INTENTS.indexOf(a[0]) - INTENTS.indexOf(b[0]));
  const intent: Intent = ranked[0]?.[0] ?? (totals.has('greeting') ? 'greeting' : 'other');
  const top = ranked[0]?.[1] ?? 0;
  const second = ranked[1]?.[1] ?? 0;
  const confidence = ranked.length === 0 ? 0.3 : second > 0 ? top / (top + second) : Math.min(1, 0.5 + top / 6);
  const deciding = classified.filter((c) => c.classification.intent === intent);
  const words = tokens(inbound.map((m) => m.text).join('\n'));
  const topic =
    shopTopic(taxonomy, words) ??
    (intent === 'complaint' ? (deciding.at(-1)?.classification.topic ?? 'general') : INTENT_TOPIC[intent]);
  const scores = await Promise.all(inbound.map(async (m) => (await messageSentiment(m.text, lang)).score));
  const sentimentScore = combinedScore(scores);
  const sentiment = label(sentimentScore);
  const waiting = waitingMinutes(messages);
  const { priority, reason } = priorityOf({
    intent,
    sentiment,
    sentimentScore,
    waitingMinutes: waiting,
    text: inbound.map((m) => m.text).join('\n'),
  });
  return {
    topic,
    intent,
    priority,
    priority_reason: reason,
    sentiment,
    sentiment_score: sentimentScore,
    language: language.language,
    language_method: language.method,
    confidence: Math.round(confidence * 100) / 100,
    evidence: deciding
      .slice(-3)
      .reverse()
      .map((c) => ({ message_id: c.message.id, excerpt: excerpt(c.message.text) })),
    waiting_minutes: waiting,
  };
}
