import type { MikroORM } from '@mikro-orm/postgresql';
import { shopIdForApiToken } from '../../../core/app-kit.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** A shop's API token (Authorization: Bearer) → its shop id, checked by the kernel on every call. */
export async function shopIdForToken(orm: MikroORM, authorization: string | undefined): Promise<number | null> {
  const token = authorization && BEARER.exec(authorization)?.[1];
  if (!token) return null;
  return shopIdForApiToken(orm.em.getConnection(), token);
}
