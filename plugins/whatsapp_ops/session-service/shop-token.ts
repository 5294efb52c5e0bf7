import type { MikroORM } from '@mikro-orm/postgresql';
import { hashApiToken } from '../../../core/app-kit.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * A shop's API token (Authorization: Bearer) → its shop id, read straight from the main server's
 * shops table on every call: no cache, so a rotated token stops working here the moment the
 * rotation commits.
 */
export async function shopIdForToken(orm: MikroORM, authorization: string | undefined): Promise<number | null> {
  const token = authorization && BEARER.exec(authorization)?.[1];
  if (!token) return null;
  const rows = await orm.em
    .getConnection()
    .execute<{ id: number }[]>('select "id" from "shops" where "token_hash" = ?', [hashApiToken(token)]);
  return rows[0]?.id ?? null;
}
