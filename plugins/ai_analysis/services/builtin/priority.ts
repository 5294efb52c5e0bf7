import { compileLexicon, scoreLabels, tokens } from './cue-matcher.js';
import type { Intent } from './intent-classifier.js';
import type { Sentiment } from './sentiment.js';

/** The tickets scale, so a categorized conversation becomes a ticket with the same priority. */
export const PRIORITIES = ['P0', 'P1', 'P2', 'P3'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Words that make a conversation urgent whatever else it says: legal threats, fraud, danger. */
const URGENT = compileLexicon({
  urgent: {
    en: ['lawyer', 'solicitor', 'police', 'fraud', 'scam', 'danger', 'injur', 'sue$', 'legal action', 'chargeback'],
    es: ['abogad', 'policia', 'denuncia', 'fraude', 'estafa', 'peligro', 'herid', 'consumo$'],
    de: ['anwalt', 'polizei', 'anzeige', 'betrug', 'gefahr', 'verletz', 'verbraucherzentrale'],
    fr: ['avocat', 'police', 'plainte', 'fraude', 'arnaque', 'danger', 'blesse'],
    pt: ['advogad', 'policia', 'queixa', 'fraude', 'burla', 'perigo', 'ferid'],
    it: ['avvocat', 'polizia', 'denuncia', 'frode', 'truffa', 'pericol', 'ferit'],
    hu: ['ugyved', 'rendorseg', 'feljelent', 'csalas', 'veszely', 'serules', 'fogyasztovedelem'],
  },
});

export interface PriorityInput {
  intent: Intent;
  sentiment: Sentiment;
  sentimentScore: number;
  /** Minutes the customer has waited since their last unanswered message (0: answered). */
  waitingMinutes: number;
  /** The customer's words, for the urgent terms. */
  text: string;
}

/**
 * P0: legal, fraud or safety terms, or a strongly negative complaint waiting over 4 hours.
 * P1: a complaint, a request for a person, or a negative customer waiting over an hour.
 * P3: only greetings or thanks, or an `other` question answered. P2: everything else.
 */
export function priorityOf(input: PriorityInput): { priority: Priority; reason: string } {
  const urgent = scoreLabels(URGENT, tokens(input.text)).get('urgent');
  if (urgent) return { priority: 'P0', reason: `urgent terms: ${urgent.cues.join(', ')}` };
  if (input.intent === 'complaint' && input.sentimentScore <= -0.5 && input.waitingMinutes > 240)
    return { priority: 'P0', reason: 'a strongly negative complaint waiting over 4 hours' };
  if (input.intent === 'complaint') return { priority: 'P1', reason: 'a complaint' };
  if (input.intent === 'human_request') return { priority: 'P1', reason: 'the customer asks for a person' };
  if (input.sentiment === 'negative' && input.waitingMinutes > 60)
    return { priority: 'P1', reason: 'a negative customer waiting over an hour' };
  if (input.intent === 'greeting') return { priority: 'P3', reason: 'greetings or thanks only' };
  if (input.intent === 'other' && input.waitingMinutes === 0)
    return { priority: 'P3', reason: 'a general question, answered' };
  return { priority: 'P2', reason: 'a request to handle in turn' };
}
