import { randomBytes } from 'node:crypto';

/** A session's API key: 32 random bytes, shown once at creation, kept only as a hash (hashApiToken, like shop tokens). */
export const generateSessionApiKey = () => `sk_${randomBytes(32).toString('base64url')}`;
