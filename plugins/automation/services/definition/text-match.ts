import { foldAccents } from '../../../../core/index.js';
/** The folded words of a text (letters and digits; everything else separates). */
export const wordsOf = (text: string): string[] => foldAccents(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** A word and its plural forms ("pedido" matches "pedidos", "envio" matches "envios"/"envioes"). */
const sameWord = (word: string, keyword: string) =>
  word === keyword || word === `${keyword}s` || word === `${keyword}es`;

/**
 * Whether a keyword (one word or a phrase) appears in the text as whole words, accents and case
 * ignored, a plural counting as the word. No regular expression from a shop ever runs.
 */
export function hasKeyword(text: string, keyword: string): boolean {
  const words = wordsOf(text);
  const wanted = wordsOf(keyword);
  if (wanted.length === 0) return false;
  for (let i = 0; i + wanted.length <= words.length; i++)
    if (wanted.every((w, j) => (j === wanted.length - 1 ? sameWord(words[i + j]!, w) : words[i + j] === w)))
      return true;
  return false;
}

/**
 * The built-in classifier (no language model): the first category whose name or one of whose
 * keywords the text has; `other` when none.
 */
export function classifyByKeywords(text: string, categories: { name: string; keywords?: string[] }[]): string {
  const found = categories.find((c) =>
    [c.name.replaceAll('_', ' '), ...(c.keywords ?? [])].some((k) => hasKeyword(text, k)),
  );
  return found?.name ?? 'other';
}
