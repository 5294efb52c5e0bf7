import { eld } from 'eld/small';

/** The languages the widgets speak (spec), and the only ones the built-in engine detects. */
export const WIDGET_LANGUAGES = ['es', 'en', 'de', 'fr', 'pt', 'it', 'hu'] as const;
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number];

// eld keeps one detector per process: trimmed once, here, to the languages we serve (the subset is
// set after the trim, which renumbers the languages).
await keepOnlyOurLanguages();
eld.setLanguageSubset([...WIDGET_LANGUAGES]);

/**
 * eld scores every language of its 60 and only then drops those outside the subset, so the other
 * 53 languages' n-gram scores change no result of ours; they are most of its table (~26 MB of the
 * 46 MB heap it takes). The detector holds the data module's own objects: they are rewritten in
 * place to our languages, renumbered 0–6 — each n-gram's scores are an object keyed by language
 * number, and with numbers up to 59 each one carried an elements store that long (19.7 → 15.8 MB).
 * The module is reached by its file, which eld's exports do not list (the version is pinned;
 * language.test.ts checks detection through this).
 */
async function keepOnlyOurLanguages(): Promise<void> {
  const url = new URL('../ngrams/small.js', import.meta.resolve('eld/small')).href;
  const { ngramsData } = (await import(url)) as {
    ngramsData: { languages: Record<string, string>; ngrams: Record<string, Record<string, number>> };
  };
  const { languages, ngrams } = ngramsData;
  const ours = Object.keys(languages).filter((id) => (WIDGET_LANGUAGES as readonly string[]).includes(languages[id]!));
  for (const [key, scores] of Object.entries(ngrams)) {
    const kept: Record<number, number> = {};
    let any = false;
    ours.forEach((id, number) => {
      if (scores[id] === undefined) return;
      kept[number] = scores[id];
      any = true;
    });
    if (any) ngrams[key] = kept;
    else delete ngrams[key];
  }
  // The detector's language table is this same object: it now names the new numbers.
  const codes = ours.map((id) => languages[id]!);
  for (const id of Object.keys(languages)) delete languages[id];
  codes.forEach((code, number) => (languages[number] = code));
}

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
