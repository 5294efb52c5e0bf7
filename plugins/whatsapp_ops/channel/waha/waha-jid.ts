import { normalizePhone } from '../../../../core/index.js';

/** `34600111222@c.us` (or `@s.whatsapp.net`) → +34600111222; anything else (a LID) → null. */
export function phoneOf(jid: string | undefined | null): string | null {
  const match = /^(\d{6,15})(?::\d+)?@(c\.us|s\.whatsapp\.net)$/.exec(jid ?? '');
  if (!match) return null;
  try {
    return normalizePhone(`+${match[1]}`);
  } catch {
    return null;
  }
}
