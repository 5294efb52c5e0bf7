import type { EntityManager } from '@mikro-orm/postgresql';
import { generateApiToken, hashApiToken } from './api-token.js';
import { ApiToken } from './api-token.entity.js';
import { Shop } from '../tenancy/shop.entity.js';
import { notifyShopChanged } from '../tenancy/shop-changed.js';
import { forkForShop } from '../tenancy/fork-for-shop.js';

export interface NewToken {
  shopId: number;
  name: string;
  /** Groups the token may use; undefined: all. */
  groups?: string[];
  readOnly?: boolean;
  expiresAt?: Date;
}

export interface TokenRecord {
  id: number;
  shop_id: number;
  name: string;
  groups: string[] | null;
  read_only: boolean;
  expires_at: string | null;
  created_at: string;
  revoked_at: string | null;
}

export class TokenError extends Error {}

/**
 * Operator-level management of a shop's named tokens (the CLI). Like a rotation of the main token,
 * a revocation is heard by every server process at commit (shop-changed), so it is effective
 * everywhere at once.
 */
export class TokenService {
  constructor(
    private readonly rootEm: EntityManager,
    /** Called after a revocation commits, for this process's own authentication cache. */
    private readonly onChanged: (shopId: number) => void = () => undefined,
  ) {}

  /** The new token, shown this once; null when the shop does not exist. */
  async create(input: NewToken): Promise<{ token: string; record: TokenRecord } | null> {
    const token = generateApiToken();
    const em = this.rootEm.fork();
    return em.transactional(async (tem) => {
      if (!(await tem.findOne(Shop, { id: input.shopId }, { fields: ['id'] }))) return null;
      const shopEm = forkForShop(tem, input.shopId);
      if ((await shopEm.count(ApiToken, { name: input.name, revokedAt: null })) > 0)
        throw new TokenError(`shop ${input.shopId} already has a live token named "${input.name}"`);
      const row = shopEm.create(ApiToken, {
        shopId: input.shopId,
        name: input.name,
        tokenHash: hashApiToken(token),
        groups: input.groups ?? null,
        readOnly: input.readOnly ?? false,
        expiresAt: input.expiresAt ?? null,
      } as ApiToken);
      await shopEm.flush();
      return { token, record: toRecord(row) };
    });
  }

  /** Null when the shop does not exist. */
  async list(shopId: number): Promise<TokenRecord[] | null> {
    const em = this.rootEm.fork();
    if (!(await em.findOne(Shop, { id: shopId }, { fields: ['id'] }))) return null;
    const rows = await forkForShop(em, shopId).find(ApiToken, {}, { orderBy: { id: 'asc' } });
    return rows.map(toRecord);
  }

  /** The revoked token, or null when the shop has no live token of that name. */
  async revoke(shopId: number, name: string): Promise<TokenRecord | null> {
    const revoked = await this.rootEm.fork().transactional(async (tem) => {
      const shopEm = forkForShop(tem, shopId);
      const row = await shopEm.findOne(ApiToken, { name, revokedAt: null });
      if (!row) return null;
      row.revokedAt = new Date();
      await shopEm.flush();
      await notifyShopChanged(tem, shopId);
      return toRecord(row);
    });
    if (revoked) this.onChanged(shopId);
    return revoked;
  }
}

const toRecord = (row: ApiToken): TokenRecord => ({
  id: row.id,
  shop_id: row.shopId,
  name: row.name,
  groups: row.groups ?? null,
  read_only: row.readOnly,
  expires_at: row.expiresAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  revoked_at: row.revokedAt?.toISOString() ?? null,
});
