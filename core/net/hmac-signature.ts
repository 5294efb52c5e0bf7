import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 over `<timestamp>.<body>`: the signed content of the session service's requests and
 * of the shops' webhooks (Stripe's scheme). The timestamp is signed too, so an old request cannot be
 * replayed with a fresh timestamp.
 */
export const timestampedHmac = (secret: string | Buffer, timestamp: string, body: string | Buffer): Buffer =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();

/**
 * Whether `header` is `sha256=<hex HMAC-SHA256 of the raw body>` with this secret (Meta's
 * X-Hub-Signature-256), compared in constant time over the exact bytes received.
 */
export function verifyBodyHmac(secret: string, body: Buffer, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header);
  if (!match) return false;
  return timingSafeEqual(Buffer.from(match[1]!, 'hex'), createHmac('sha256', secret).update(body).digest());
}
