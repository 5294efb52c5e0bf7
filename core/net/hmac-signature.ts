import { createHmac } from 'node:crypto';

/**
 * HMAC-SHA256 over `<timestamp>.<body>`: the signed content of the session service's requests and
 * of the shops' webhooks (Stripe's scheme). The timestamp is signed too, so an old request cannot be
 * replayed with a fresh timestamp.
 */
export const timestampedHmac = (secret: string | Buffer, timestamp: string, body: string | Buffer): Buffer =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
