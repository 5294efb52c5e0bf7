/** Lower case, accents removed: "Envío" and "envio" are the same word to a shop's keyword. */
export const foldAccents = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The folded words of a text joined by single spaces (letters and digits; everything else
 * separates): the form two writings of one phrase share ("¡Darme de BAJA!" → "darme de baja").
 */
export const foldWords = (text: string): string =>
  foldAccents(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
