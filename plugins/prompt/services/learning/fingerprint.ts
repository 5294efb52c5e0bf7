/** A text's words, lower-cased, without accents or punctuation: two corrections that say the same meet here. */
export const fingerprint = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, 500);
