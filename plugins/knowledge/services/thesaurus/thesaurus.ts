import { readFileSync } from 'node:fs';
import { fingerprint, type WidgetLanguage } from '../../../prompt/surface.js';

const groups = JSON.parse(readFileSync(new URL('./synonyms.json', import.meta.url), 'utf8')) as Record<
  WidgetLanguage,
  string[][]
>;

/** Two words are the same entry when equal once folded, or when both are long and start alike (plural, verb forms). */
const same = (a: string, b: string) => a === b || (a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5));

const folded = Object.fromEntries(
  Object.entries(groups)
    .filter(([lang]) => lang !== 'description')
    .map(([lang, list]) => [lang, list.map((group) => group.map(fingerprint))]),
) as Record<WidgetLanguage, string[][]>;

/**
 * The query's words, each with the words of its meaning in that language (synonyms.json), so a
 * snippet that has any of them counts that word as found.
 */
export function expandQuery(query: string, language: WidgetLanguage | null): { word: string; synonyms: string }[] {
  const words = [...new Set(fingerprint(query).split(' ').filter(Boolean))];
  const list = language ? folded[language] : [];
  return words.map((word) => {
    const synonyms = list.filter((group) => group.some((entry) => same(entry, word))).flat();
    return { word, synonyms: [...new Set(synonyms.filter((s) => s !== word))].join(' ') };
  });
}
