import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'sbt_';

/** A shop's API token (the dashboard's token_ext): 32 random bytes, shown once, kept only as a hash. */
export function generateApiToken(): string {
  return PREFIX + randomBytes(32).toString('base64url');
}

/**
 * SHA-256 is the right hash here: the token has 256 bits of entropy, so a slow password hash
 * would add latency to every request without making a guess any less hopeless.
 */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
