import type { SentimentAnalyzer } from '@nlpjs/sentiment';
import { detectLanguage, type WidgetLanguage } from '../../../prompt/surface.js';
import { classifyMessage } from './intent-classifier.js';

export const SENTIMENTS = ['negative', 'neutral', 'positive'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

export interface SentimentResult {
  sentiment: Sentiment;
  /** Lexicon score per word, −1…1 (complaints pushed to at most −0.5). */
  score: number;
  language: WidgetLanguage | null;
  /** Words the lexicon knew. */
  hits: number;
  /** `lexicon` (nlp.js: SentiCon, AFINN or Pattern, per language), or `complaint` when the complaint cues decided. */
  method: 'lexicon' | 'complaint' | 'none';
}

/** Past this score per word either way a message is not neutral. */
const NEUTRAL_BAND = 0.05;

let analyzer: Promise<SentimentAnalyzer> | undefined;

/** One analyzer per process: the libraries and lexicons (~10 MB) load once, at first use. */
function sentimentAnalyzer(): Promise<SentimentAnalyzer> {
  return (analyzer ??= (async () => {
    const [{ containerBootstrap }, { SentimentAnalyzer }, ...languages] = await Promise.all([
      import('@nlpjs/core'),
      import('@nlpjs/sentiment'),
      import('@nlpjs/lang-en').then((m) => m.LangEn),
      import('@nlpjs/lang-es').then((m) => m.LangEs),
      import('@nlpjs/lang-de').then((m) => m.LangDe),
      import('@nlpjs/lang-fr').then((m) => m.LangFr),
      import('@nlpjs/lang-it').then((m) => m.LangIt),
      import('@nlpjs/lang-pt').then((m) => m.LangPt),
      import('@nlpjs/lang-hu').then((m) => m.LangHu),
    ]);
    const container = await containerBootstrap();
    for (const lang of languages) container.use(lang);
    return new SentimentAnalyzer({ container });
  })());
}

/**
 * A message's sentiment from the nlp.js lexicons of its language (with their negation words).
 * Hungarian's AFINN list is written with accents, which nlp.js's own normaliser strips: its words
 * are given as they are written. A complaint (the intent cues) is negative whatever words it uses:
 * "the driver didn't even ring the bell" has no negative word in any lexicon.
 */
export async function messageSentiment(text: string, language?: WidgetLanguage | null): Promise<SentimentResult> {
  const lang = language ?? detectLanguage(text).language;
  const complaint = classifyMessage(text).intent === 'complaint';
  let score = 0;
  let hits = 0;
  if (lang) {
    const input =
      lang === 'hu'
        ? {
            locale: lang,
            text,
            tokens: text
              .toLowerCase()
              .split(/[^\p{L}\p{N}]+/u)
              .filter(Boolean),
          }
        : { locale: lang, text };
    const { sentiment } = await (await sentimentAnalyzer()).process(input);
    hits = sentiment.numHits;
    score = sentiment.numWords > 0 ? Math.max(-1, Math.min(1, sentiment.average)) : 0;
  }
  if (complaint && score > -0.5)
    return { sentiment: 'negative', score: -0.5, language: lang, hits, method: 'complaint' };
  return {
    sentiment: label(score),
    score: Math.round(score * 1000) / 1000,
    language: lang,
    hits,
    method: hits > 0 ? 'lexicon' : 'none',
  };
}

export const label = (score: number): Sentiment =>
  score < -NEUTRAL_BAND ? 'negative' : score > NEUTRAL_BAND ? 'positive' : 'neutral';

/** Several messages, oldest first: the newer weigh more (each one 0.7 of the next). */
export function combinedScore(scores: number[]): number {
  let total = 0;
  let weights = 0;
  scores.forEach((s, i) => {
    const w = 0.7 ** (scores.length - 1 - i);
    total += s * w;
    weights += w;
  });
  return weights > 0 ? Math.round((total / weights) * 1000) / 1000 : 0;
}
