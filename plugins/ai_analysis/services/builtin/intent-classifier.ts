import { compileLexicon, scoreLabels, tokens } from './cue-matcher.js';
import { COMPLAINT_TOPIC_CUES, INTENT_CUES } from './intent-cues.js';

/** What a customer wants; the order breaks ties (the more specific and urgent first). */
export const INTENTS = [...(Object.keys(INTENT_CUES) as (keyof typeof INTENT_CUES)[]), 'other'] as const;
export type Intent = (typeof INTENTS)[number];

export const TOPICS = [
  'orders',
  'shipping',
  'returns',
  'payments',
  'products',
  'appointments',
  'account',
  'general',
] as const;
export type Topic = (typeof TOPICS)[number];

/** The topic each intent is about; a complaint's depends on what went wrong. */
export const INTENT_TOPIC: Record<Exclude<Intent, 'complaint'>, Topic> = {
  unsubscribe: 'account',
  human_request: 'general',
  account_help: 'account',
  appointment: 'appointments',
  returns_refund: 'returns',
  payment: 'payments',
  pricing_quote: 'products',
  availability: 'products',
  shipping: 'shipping',
  order_status: 'orders',
  product_question: 'products',
  greeting: 'general',
  other: 'general',
};

const intentLexicon = compileLexicon(INTENT_CUES);
const complaintTopicLexicon = compileLexicon(COMPLAINT_TOPIC_CUES);

export interface MessageClassification {
  intent: Intent;
  topic: Topic;
  /** 0–1: how far the winning intent's cues outweigh the runner-up's. */
  confidence: number;
  /** Each intent's cue weight in this message. */
  scores: Partial<Record<Intent, number>>;
  /** The cues that decided the intent. */
  cues: string[];
}

/**
 * One customer message's intent and topic by cue lexicons in the seven widget languages (all at
 * once: a short message's language is often unclear, and the cues rarely collide across
 * languages). No cue: `other`. A greeting or thanks counts only when nothing else is asked.
 */
export function classifyMessage(text: string): MessageClassification {
  const words = tokens(text);
  const scores = scoreLabels(intentLexicon, words);
  const ranked = [...scores.entries()]
    .map(([intent, s]) => ({ intent, ...s, rank: INTENTS.indexOf(intent) }))
    .sort((a, b) => b.score - a.score || a.rank - b.rank);
  const top = ranked[0];
  const scoreMap = Object.fromEntries(ranked.map((r) => [r.intent, r.score])) as Partial<Record<Intent, number>>;
  if (!top) return { intent: 'other', topic: 'general', confidence: 0.3, scores: scoreMap, cues: [] };
  const second = ranked[1]?.score ?? 0;
  const confidence = second > 0 ? top.score / (top.score + second) : Math.min(1, 0.5 + top.score / 6);
  return {
    intent: top.intent,
    topic: top.intent === 'complaint' ? complaintTopic(words) : INTENT_TOPIC[top.intent],
    confidence: Math.round(confidence * 100) / 100,
    scores: scoreMap,
    cues: top.cues,
  };
}

function complaintTopic(words: string[]): Topic {
  const ranked = [...scoreLabels(complaintTopicLexicon, words).entries()].sort((a, b) => b[1].score - a[1].score);
  return ranked[0]?.[0] ?? 'general';
}
