import type { MikroORM } from '@mikro-orm/postgresql';
import type { ShopContext } from '../plugin/plugin-types.js';
import { hashApiToken } from './api-token.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Bearer token → shop. One indexed lookup per request and no cache, so a rotated token stops
 * working the moment the rotation commits, in every server process.
 */
export class Authenticator {
  constructor(private readonly orm: MikroORM) {}

  async authenticate(authorization: string | undefined): Promise<ShopContext | null> {
    const token = authorization && BEARER.exec(authorization)?.[1];
    if (!token) return null;
    const rows = await this.orm.em
      .getConnection()
      .execute('select id, name, timezone, locale, currency from shops where token_hash = ?', [hashApiToken(token)]);
    return (rows[0] as ShopContext | undefined) ?? null;
  }
}
