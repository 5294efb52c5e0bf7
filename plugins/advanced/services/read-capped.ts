import type { Response } from 'undici';

/**
 * An answer's text up to `maxChars` characters; the rest is never read, so a receiver cannot make
 * the server buffer a large body. A body cut short by the other side still gives what arrived.
 */
export async function readCapped(
  body: Response['body'],
  maxChars: number,
): Promise<{ text: string | null; truncated: boolean }> {
  if (!body) return { text: null, truncated: false };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value as Uint8Array, { stream: true });
      if (text.length > maxChars) {
        truncated = true;
        break;
      }
    }
  } catch {
    // What arrived before the body broke off is kept.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const kept = text.length > maxChars ? text.slice(0, maxChars) : text;
  return { text: kept.length > 0 ? kept : null, truncated };
}
