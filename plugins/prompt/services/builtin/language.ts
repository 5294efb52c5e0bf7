import { eld } from 'eld/small';

/** The languages the widgets speak (spec), and the only ones the built-in engine detects. */
export const WIDGET_LANGUAGES = ['es', 'en', 'de', 'fr', 'pt', 'it', 'hu'] as const;
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number];

// eld keeps one detector per process: limited once, here, to the languages we serve.
eld.setLanguageSubset([...WIDGET_LANGUAGES]);

export interface DetectedLanguage {
  language: WidgetLanguage | null;
  /** The detector's score of that language (0–1). */
  confidence: number;
  /** Enough text and a clear winner (eld's reliability check). */
  reliable: boolean;
}

/**
 * The language of a text among the widget languages (eld: n-gram detection), or null when the text
 * has too little to tell.
 */
export function detectLanguage(text: string): DetectedLanguage {
  const result = eld.detect(text);
  const language = (WIDGET_LANGUAGES as readonly string[]).includes(result.language)
    ? (result.language as WidgetLanguage)
    : null;
  return {
    language,
    confidence: language ? (result.getScores()[language] ?? 0) : 0,
    reliable: language !== null && result.isReliable(),
  };
}
