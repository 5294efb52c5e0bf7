import { readFileSync } from 'node:fs';
import { ELD_TABLE_FILE, eldModule, type EldTable } from './eld-table.js';
import { WIDGET_LANGUAGES, type WidgetLanguage } from './widget-languages.js';

export { WIDGET_LANGUAGES, type WidgetLanguage };

interface EldDetector {
  detect(text: string): { language: string; getScores(): Record<string, number>; isReliable(): boolean };
  setLanguageSubset(languages: string[]): unknown;
}

// One detector per process, made by eld's own factory and given our table instead of its data module.
const { createEld } = (await eldModule('../languageDetector.js')) as {
  createEld(): { instance: EldDetector; loadData(data: EldTable): string };
};
const { instance: eld, loadData } = createEld();
let loaded = false;

// The table is read at the first detection, not at start: it holds 2.5 MB of heap, which a server
// whose customers write nothing to detect (a campaign sender) never needs.
function detector(): EldDetector {
  if (!loaded) {
    loadData(JSON.parse(readFileSync(ELD_TABLE_FILE, 'utf8')) as EldTable);
    eld.setLanguageSubset([...WIDGET_LANGUAGES]);
    loaded = true;
  }
  return eld;
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
  const result = detector().detect(text);
  const language = (WIDGET_LANGUAGES as readonly string[]).includes(result.language)
    ? (result.language as WidgetLanguage)
    : null;
  return {
    language,
    confidence: language ? (result.getScores()[language] ?? 0) : 0,
    reliable: language !== null && result.isReliable(),
  };
}
