import { foldAccents } from '../../../../core/index.js';
/**
 * Cue lexicons: what a customer's words say about what they want. A cue is a phrase of word
 * patterns, matched on consecutive words of the folded text (lower case, accents and ß folded,
 * split at anything that is not a letter or digit, so "dov'è" is "dov e"):
 * - `pedid` matches words starting with it (pedido, pedidos): a light stemmer that also serves
 *   agglutinative Hungarian (rendelés, rendelésem, rendelésről);
 * - `stop$` matches only that word;
 * - `*preis` matches words containing it (German compounds: Händlerpreise);
 * - `a|b` is either.
 * A cue may start with a weight, `3:palette`; the default is 1.
 */
export interface Cue {
  weight: number;
  words: ((token: string) => boolean)[];
  source: string;
}

/** Lower case, accents removed, ß as ss: the form both cues and texts are matched in. */
export function foldText(text: string): string {
  return foldAccents(text).replace(/ß/g, 'ss');
}

export function tokens(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function wordPattern(pattern: string): (token: string) => boolean {
  const options = pattern.split('|').map((option) => {
    if (option.startsWith('*')) {
      const part = option.slice(1);
      return (t: string) => t.includes(part);
    }
    if (option.endsWith('$')) {
      const word = option.slice(0, -1);
      return (t: string) => t === word;
    }
    return (t: string) => t.startsWith(option);
  });
  return (t) => options.some((match) => match(t));
}

export function compileCue(source: string): Cue {
  const weighted = /^(\d+(?:\.\d+)?):(.*)$/.exec(source);
  const phrase = weighted ? weighted[2]! : source;
  return {
    weight: weighted ? Number(weighted[1]) : 1,
    words: foldText(phrase).trim().split(/\s+/).map(wordPattern),
    source,
  };
}

/** Whether the cue's words occur one after another in the tokens. */
export function cueMatches(cue: Cue, words: string[]): boolean {
  const n = cue.words.length;
  for (let i = 0; i + n <= words.length; i++) {
    let all = true;
    for (let j = 0; j < n && all; j++) all = cue.words[j]!(words[i + j]!);
    if (all) return true;
  }
  return false;
}

/** Each label's score (sum of its matching cues' weights) and the cues that matched. */
export function scoreLabels<L extends string>(
  lexicon: ReadonlyMap<L, Cue[]>,
  words: string[],
): Map<L, { score: number; cues: string[] }> {
  const scores = new Map<L, { score: number; cues: string[] }>();
  for (const [label, cues] of lexicon) {
    for (const cue of cues) {
      if (!cueMatches(cue, words)) continue;
      const entry = scores.get(label) ?? { score: 0, cues: [] };
      entry.score += cue.weight;
      entry.cues.push(cue.source);
      scores.set(label, entry);
    }
  }
  return scores;
}

/** Compiles a lexicon written as label → language → cues, all languages together. */
export function compileLexicon<L extends string>(
  written: Record<L, Record<string, readonly string[]>>,
): ReadonlyMap<L, Cue[]> {
  return new Map(
    (Object.entries(written) as [L, Record<string, readonly string[]>][]).map(([label, byLanguage]) => [
      label,
      Object.values(byLanguage).flatMap((cues) => cues.map(compileCue)),
    ]),
  );
}
