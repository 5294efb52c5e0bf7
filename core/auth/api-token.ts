import { createHash, randomBytes } from 'node:crypto';
import type { AbstractSqlConnection } from '@mikro-orm/postgresql';
import type { ShopContext } from '../plugin/plugin-types.js';
import type { LogLevel } from '../mcp/log-level.js';

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

/** A token's shop, and what its client asked of the server (the MCP log level). */
export interface TokenHolder {
  shop: ShopContext;
  logLevel: LogLevel;
}

/**
 * The shop an API token belongs to, read from the kernel's shops table now. The server's
 * authenticator caches what this answers; processes beside the server (the session service) that
 * share its database but not its authenticator call it on every request.
 */
export async function holderOfApiToken(connection: AbstractSqlConnection, token: string): Promise<TokenHolder | null> {
  const rows = await connection.execute<(ShopContext & { logLevel: LogLevel })[]>(
    'select "id", "name", "timezone", "locale", "currency", "mcp_log_level" as "logLevel" from "shops" where "token_hash" = ?',
    [hashApiToken(token)],
  );
  const row = rows[0];
  if (!row) return null;
  const { logLevel, ...shop } = row;
  return { shop, logLevel };
}

export const shopForApiToken = async (connection: AbstractSqlConnection, token: string): Promise<ShopContext | null> =>
  (await holderOfApiToken(connection, token))?.shop ?? null;
