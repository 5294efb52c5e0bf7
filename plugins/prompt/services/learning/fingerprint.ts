import { foldWords } from '../../../../core/index.js';
/** A text's words, lower-cased, without accents or punctuation: two corrections that say the same meet here. */
export const fingerprint = (text: string) => foldWords(text).slice(0, 500);
