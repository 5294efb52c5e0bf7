import type { MikroORM } from '@mikro-orm/postgresql';
import { bearerToken, shopForApiToken } from '../../../core/app-kit.js';

/** A shop's API token (Authorization: Bearer) → its shop id, read from the kernel's tables on every call; a token must be allowed to change whatsapp_ops. */
export async function shopIdForToken(orm: MikroORM, authorization: string | undefined): Promise<number | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  return (await shopForApiToken(orm.em.getConnection(), token, 'whatsapp_ops'))?.id ?? null;
}
