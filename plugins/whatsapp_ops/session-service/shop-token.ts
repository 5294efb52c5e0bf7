import type { MikroORM } from '@mikro-orm/postgresql';
import { bearerToken, shopForApiToken } from '../../../core/app-kit.js';

/** A shop's API token (Authorization: Bearer) → its shop id, checked against the kernel's shops table on every call. */
export async function shopIdForToken(orm: MikroORM, authorization: string | undefined): Promise<number | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  return (await shopForApiToken(orm.em.getConnection(), token))?.id ?? null;
}
