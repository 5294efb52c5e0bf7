import { createHash, randomBytes } from 'node:crypto';
import type { AbstractSqlConnection } from '@mikro-orm/postgresql';
import type { ShopContext } from '../plugin/plugin-types.js';

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

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer …` header, or null. */
export const bearerToken = (authorization: string | undefined): string | null =>
  (authorization && BEARER.exec(authorization)?.[1]) || null;

/**
 * The shop an API token belongs to, read from the kernel's shops table now. The server's
 * authenticator caches what this answers; processes beside the server (the session service) that
 * share its database but not its authenticator call it on every request.
 */
export async function shopForApiToken(connection: AbstractSqlConnection, token: string): Promise<ShopContext | null> {
  const rows = await connection.execute<ShopContext[]>(
    'select "id", "name", "timezone", "locale", "currency" from "shops" where "token_hash" = ?',
    [hashApiToken(token)],
  );
  return rows[0] ?? null;
}
