/**
 * An answer's text up to `maxChars` characters; the rest is never read, so a receiver cannot make
 * the server buffer a large body. A body cut short by the other side still gives what arrived.
 */
export async function readCapped(
  body: AsyncIterable<Uint8Array | Buffer> | null,
  maxChars: number,
): Promise<{ text: string | null; truncated: boolean }> {
  if (!body) return { text: null, truncated: false };
  const decoder = new TextDecoder();
  let text = '';
  let truncated = false;
  try {
    // Leaving the loop early cancels a web stream and destroys a Node one: the rest is never read.
    for await (const chunk of body) {
      text += decoder.decode(chunk, { stream: true });
      if (text.length > maxChars) {
        truncated = true;
        break;
      }
    }
  } catch {
    // What arrived before the body broke off is kept.
  }
  const kept = text.length > maxChars ? text.slice(0, maxChars) : text;
  return { text: kept.length > 0 ? kept : null, truncated };
}
