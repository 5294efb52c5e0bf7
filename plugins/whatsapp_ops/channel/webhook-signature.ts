import { timingSafeEqual } from 'node:crypto';
import { timestampedHmac } from '../../../core/index.js';

/**
 * Signed requests between the session service and the main server: HMAC-SHA256 over
 * `<timestamp>.<raw body>` with the shared secret. The timestamp is signed too, so an old request
 * cannot be replayed with a fresh one; requests older (or newer) than the tolerance are refused.
 * Replays inside the window carry event ids that consumers have already seen.
 */
export const TIMESTAMP_HEADER = 'x-switchboard-timestamp';
export const SIGNATURE_HEADER = 'x-switchboard-signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

const VERSION = 'v1';

/** The two headers to send with `body` (exactly the bytes that go on the wire). */
export function signRequest(secret: string, body: string, nowMs = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: `${VERSION}=${timestampedHmac(secret, timestamp, body).toString('hex')}`,
  };
}

export type SignatureCheck =
  { ok: true } | { ok: false; reason: 'missing_signature' | 'invalid_timestamp' | 'expired' | 'invalid_signature' };

export interface VerifyInput {
  secret: string;
  body: string | Buffer;
  timestamp: string | string[] | undefined;
  signature: string | string[] | undefined;
  toleranceSeconds?: number;
  nowMs?: number;
}

export function verifySignature(input: VerifyInput): SignatureCheck {
  const { timestamp, signature } = input;
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return { ok: false, reason: 'missing_signature' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'invalid_timestamp' };
  const ageSeconds = Math.abs((input.nowMs ?? Date.now()) / 1000 - Number(timestamp));
  if (ageSeconds > (input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return { ok: false, reason: 'expired' };
  const expected = timestampedHmac(input.secret, timestamp, input.body);
  const match = /^v1=([0-9a-f]{64})$/.exec(signature);
  if (!match || !timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected))
    return { ok: false, reason: 'invalid_signature' };
  return { ok: true };
}
