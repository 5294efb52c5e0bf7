import { invalidArguments, languageOfPhone, type Services } from '../../../core/index.js';
import { BUILTIN_NOTICE, detectLanguage } from '../../prompt/surface.js';
import { conversationLanguage, customerMessages } from './builtin/analyse-conversation.js';
import { combinedScore, label, messageSentiment } from './builtin/sentiment.js';

/** Exactly one of text and phone. */
function oneOf(text: string | undefined, phone: string | undefined): void {
  if ((text === undefined) === (phone === undefined))
    throw invalidArguments('Give exactly one of text and phone.', [
      { path: text === undefined ? 'text' : 'phone', message: 'give exactly one of text and phone' },
    ]);
}

/**
 * Language and sentiment, always on the built-in engine (deterministic and free; the settings'
 * builtin_for keeps them so inside the categorization too): eld for the language among the seven,
 * nlp.js's lexicons for the sentiment.
 */
export class AnalysisInsightsService {
  constructor(private readonly deps: Services) {}

  async language(text?: string, phone?: string) {
    oneOf(text, phone);
    if (text !== undefined) {
      const d = detectLanguage(text);
      return {
        language: d.language ?? 'und',
        confidence: Math.round(d.confidence * 100) / 100,
        reliable: d.reliable,
        method: 'text' as const,
        engine: 'builtin' as const,
        notice: BUILTIN_NOTICE,
      };
    }
    const history = await this.deps.analysisConversationReader.customerHistory(phone!, { lastN: 20 });
    const found = conversationLanguage(history.phone, customerMessages(history.messages));
    return {
      language: found.language,
      confidence: found.confidence,
      reliable: found.method === 'text',
      method: found.method,
      phone_prefix_language: languageOfPhone(history.phone),
      engine: 'builtin' as const,
      notice: BUILTIN_NOTICE,
    };
  }

  async sentiment(request: { text?: string; phone?: string; lastN: number; days?: number }) {
    oneOf(request.text, request.phone);
    if (request.text !== undefined) {
      const s = await messageSentiment(request.text);
      return {
        sentiment: s.sentiment,
        score: s.score,
        language: s.language ?? 'und',
        supported: s.language !== null,
        messages: [{ message_id: null, sentiment: s.sentiment, score: s.score, method: s.method }],
        engine: 'builtin' as const,
        notice: BUILTIN_NOTICE,
      };
    }
    const history = await this.deps.analysisConversationReader.customerHistory(request.phone!, {
      lastN: request.lastN,
      days: request.days,
    });
    const inbound = customerMessages(history.messages);
    const language = conversationLanguage(history.phone, inbound).language;
    const lang = language === 'und' ? null : language;
    const scored = await Promise.all(inbound.map(async (m) => ({ m, s: await messageSentiment(m.text, lang) })));
    const score = combinedScore(scored.map((x) => x.s.score));
    return {
      sentiment: label(score),
      score,
      language,
      supported: lang !== null,
      messages: scored.map(({ m, s }) => ({
        message_id: m.id,
        sentiment: s.sentiment,
        score: s.score,
        method: s.method,
      })),
      engine: 'builtin' as const,
      notice: BUILTIN_NOTICE,
    };
  }
}
