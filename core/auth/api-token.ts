import { createHash, randomBytes } from 'node:crypto';
import type { AbstractSqlConnection } from '@mikro-orm/postgresql';

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

/**
 * The shop an API token belongs to, read from the kernel's shops table now (no cache: a rotated
 * token stops working the moment the rotation commits). For processes beside the server (the
 * session service) that share its database but not its authenticator.
 */
export async function shopIdForApiToken(connection: AbstractSqlConnection, token: string): Promise<number | null> {
  const rows = await connection.execute<{ id: number }[]>('select "id" from "shops" where "token_hash" = ?', [
    hashApiToken(token),
  ]);
  return rows[0]?.id ?? null;
}
