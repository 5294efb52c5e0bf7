import type { SecretBox } from '../../../../core/index.js';

export const UNSUBSCRIBE_ROUTE = '/mass-marketing/unsubscribe';

/** The line added at the end of a message that carries the unsubscribe link. */
export const withUnsubscribeLink = (text: string, label: string, url: string) =>
  `${text.trimEnd()}\n\n${label}: ${url}`;

const signature = (secrets: SecretBox, shopId: number, recipientId: number) =>
  secrets.mac(`mass-marketing-unsubscribe:${shopId}:${recipientId}`).slice(0, 22);

/**
 * The token of a recipient's unsubscribe link: shop, recipient row and an HMAC of both. The same
 * recipient always gets the same link, so a message sent again with its idempotency key after a
 * crash carries exactly the text it had.
 */
export const unsubscribeToken = (secrets: SecretBox, shopId: number, recipientId: number) =>
  `${shopId}.${recipientId}.${signature(secrets, shopId, recipientId)}`;

/** The shop and recipient a token names, or null when it was not made by this server. */
export function readUnsubscribeToken(
  secrets: SecretBox,
  token: string,
): { shopId: number; recipientId: number } | null {
  const m = /^(\d{1,10})\.(\d{1,18})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const shopId = Number(m[1]);
  const recipientId = Number(m[2]);
  return signature(secrets, shopId, recipientId) === m[3] ? { shopId, recipientId } : null;
}
