import type { Section } from './sections.js';

/** A chunk's length aimed at, in characters: a passage that answers one question, small enough to quote. */
export const CHUNK_TARGET = 800;
/** The most of the previous chunk's end a chunk repeats, so a sentence cut at a boundary keeps its context. */
export const CHUNK_OVERLAP = 100;

export interface ChunkText {
  headingPath: string[];
  content: string;
}

const segmenters = new Map<string, Intl.Segmenter>();
const segmenterFor = (language: string) => {
  const locale = language || 'en';
  let segmenter = segmenters.get(locale);
  if (!segmenter) segmenters.set(locale, (segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' })));
  return segmenter;
};

/** The section's sentences (ICU's sentence rules for the language), each on one line, none longer than the target. */
function sentencesOf(text: string, language: string): string[] {
  const sentences: string[] = [];
  for (const { segment } of segmenterFor(language).segment(text)) {
    const sentence = segment.replace(/\s+/g, ' ').trim();
    if (sentence) sentences.push(...split(sentence, CHUNK_TARGET));
  }
  return sentences;
}

/** A sentence longer than `max` cut between words (or anywhere, for a word that long). */
function split(sentence: string, max: number): string[] {
  const parts: string[] = [];
  let rest = sentence;
  while (rest.length > max) {
    const cut = rest.lastIndexOf(' ', max);
    const at = cut > max / 2 ? cut : max;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

/** The end of a chunk the next one starts with: its last whole sentences within the overlap, else its last words. */
function overlapOf(sentences: string[]): string[] {
  const kept: string[] = [];
  let length = 0;
  for (let i = sentences.length - 1; i >= 0; i--) {
    const s = sentences[i]!;
    if (length + s.length + (kept.length ? 1 : 0) > CHUNK_OVERLAP) break;
    kept.unshift(s);
    length += s.length + 1;
  }
  if (kept.length > 0) return kept;
  const last = sentences.at(-1) ?? '';
  const tail = last.slice(-CHUNK_OVERLAP);
  const word = tail.indexOf(' ');
  return word >= 0 && word < tail.length - 1 ? [tail.slice(word + 1)] : [];
}

/**
 * Cuts sections into chunks of about CHUNK_TARGET characters, between sentences, each repeating
 * the end of the one before (up to CHUNK_OVERLAP) within its section. A chunk never spans two
 * sections, so its heading path is exact.
 */
export function chunk(sections: Section[], language: string): ChunkText[] {
  const chunks: ChunkText[] = [];
  for (const section of sections) {
    let current: string[] = [];
    let length = 0;
    /** How many of `current`'s sentences repeat the previous chunk: a chunk of only those adds nothing. */
    let repeated = 0;
    const emit = () => {
      if (current.length > repeated) chunks.push({ headingPath: section.headings, content: current.join(' ') });
    };
    for (const sentence of sentencesOf(section.text, language)) {
      if (length > 0 && length + 1 + sentence.length > CHUNK_TARGET && current.length > repeated) {
        emit();
        current = overlapOf(current);
        repeated = current.length;
        length = current.join(' ').length;
      }
      current.push(sentence);
      length += (length > 0 ? 1 : 0) + sentence.length;
    }
    emit();
  }
  return chunks;
}
