import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** An embed's public key: not a secret (it is in the shop's page source), only a name that can be changed. */
export const newPublicKey = () => `pk_${randomBytes(18).toString('base64url')}`;
/** The secret a shop's backend signs visitors' identities with. */
export const newVerificationSecret = () => `vs_${randomBytes(24).toString('base64url')}`;
export const newSessionId = () => `ws_${randomBytes(15).toString('base64url')}`;
export const newSessionToken = () => randomBytes(24).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The identity hash a shop's backend computes: hex HMAC-SHA256 of the phone or email, keyed by the secret. */
export const identityHash = (secret: string, identity: string) =>
  createHmac('sha256', secret).update(identity).digest('hex');

export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
