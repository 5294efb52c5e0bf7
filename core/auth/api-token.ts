import { createHash, randomBytes } from 'node:crypto';
import type { AbstractSqlConnection } from '@mikro-orm/postgresql';
import type { ShopContext } from '../plugin/plugin-types.js';
import type { LogLevel } from '../mcp/log-level.js';
import { grantAllows, MAIN_TOKEN, type TokenGrant } from './token-grant.js';

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

/** A token's shop, what its client asked of the server (the MCP log level), and what it may do. */
export interface TokenHolder {
  shop: ShopContext;
  logLevel: LogLevel;
  grant: TokenGrant;
}

interface HolderRow extends ShopContext {
  logLevel: LogLevel;
  tokenName: string | null;
  groups: string[] | null;
  readOnly: boolean;
  expiresAt: Date | null;
}

const SHOP_COLUMNS = `s."id", s."name", s."timezone", s."locale", s."currency", s."mcp_log_level" as "logLevel"`;

/**
 * The shop an API token belongs to, read from the database now: the shop's main token, or a named
 * token that is neither revoked nor expired. The server's authenticator caches what this answers;
 * processes beside the server (the session service) that share its database call it per request.
 */
export async function holderOfApiToken(connection: AbstractSqlConnection, token: string): Promise<TokenHolder | null> {
  const hash = hashApiToken(token);
  const rows = await connection.execute<HolderRow[]>(
    `select ${SHOP_COLUMNS}, null::text as "tokenName", null::text[] as "groups", false as "readOnly", null::timestamptz as "expiresAt"
       from "shops" s where s."token_hash" = ?
     union all
     select ${SHOP_COLUMNS}, t."name", t."groups", t."read_only", t."expires_at"
       from "api_tokens" t join "shops" s on s."id" = t."shop_id"
      where t."token_hash" = ? and t."revoked_at" is null and (t."expires_at" is null or t."expires_at" > now())`,
    [hash, hash],
  );
  const row = rows[0];
  if (!row) return null;
  const { logLevel, tokenName, groups, readOnly, expiresAt, ...shop } = row;
  const grant: TokenGrant =
    tokenName === null
      ? MAIN_TOKEN
      : {
          name: tokenName,
          groups: groups === null ? null : new Set(groups),
          readOnly,
          expiresAt: expiresAt === null ? null : new Date(expiresAt).getTime(),
        };
  return { shop, logLevel, grant };
}

/** The shop of a token that may change `group`'s data (the session service creates sessions). */
export async function shopForApiToken(
  connection: AbstractSqlConnection,
  token: string,
  group: string,
): Promise<ShopContext | null> {
  const holder = await holderOfApiToken(connection, token);
  return holder && grantAllows(holder.grant, group, true) ? holder.shop : null;
}
