import { createHash, randomBytes } from 'node:crypto';

/** A session's API key: 32 random bytes, shown once at creation, kept only as a hash. */
export const generateSessionApiKey = () => `sk_${randomBytes(32).toString('base64url')}`;

/** SHA-256, like shop tokens: with 256 bits of entropy a slow hash would only add latency. */
export const hashSessionApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
