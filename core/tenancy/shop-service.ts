import type { EntityManager } from '@mikro-orm/postgresql';
import { generateApiToken, hashApiToken } from '../auth/api-token.js';
import { CreditsService } from '../credits/credits-service.js';
import { Shop } from './shop.entity.js';
import type { ShopRecord } from './shop-profile-service.js';
import { forkForShop } from './fork-for-shop.js';
import { notifyShopChanged } from './shop-changed.js';
import type { LogLevel } from '../mcp/log-level.js';

export interface NewShop {
  name: string;
  maxAgents?: number;
  credits?: number;
  timezone?: string;
  locale?: string;
  currency?: string;
  /** The referral code the shop signed up with; the referrals group reads it from shop.created. */
  referralCode?: string;
}

/** Operator-level shop management: creating tenants and their tokens. Used by the CLI and boot. */
export class ShopService {
  constructor(
    private readonly rootEm: EntityManager,
    /** Called after a token rotation commits, for this process's own authentication cache. */
    private readonly onChanged: (shopId: number) => void = () => undefined,
    /** Called after a new shop commits: the server announces it (shop.created) at once. */
    private readonly onCreated: (shopId: number) => Promise<unknown> = async () => undefined,
  ) {}

  async create(input: NewShop): Promise<{ shopId: number; token: string }> {
    const token = generateApiToken();
    const em = this.rootEm.fork();
    const shopId = await em.transactional(async (tem) => {
      const shop = tem.create(Shop, {
        name: input.name,
        tokenHash: hashApiToken(token),
        ...(input.timezone && { timezone: input.timezone }),
        ...(input.locale && { locale: input.locale }),
        ...(input.currency && { currency: input.currency }),
        ...(input.maxAgents !== undefined && { maxAgents: input.maxAgents }),
        ...(input.referralCode && { referralCode: input.referralCode }),
      } as Shop);
      await tem.flush();
      if (input.credits)
        await new CreditsService({ em: forkForShop(tem, shop.id) }).add(input.credits, 'initial_grant');
      return shop.id;
    });
    await this.onCreated(shopId);
    return { shopId, token };
  }

  /** The old token stops working with this commit, in every server process (see Authenticator). */
  async rotateToken(shopId: number): Promise<string | null> {
    const token = generateApiToken();
    const rotated = await this.rootEm.fork().transactional(async (tem) => {
      const updated = await tem.nativeUpdate(
        Shop,
        { id: shopId },
        { tokenHash: hashApiToken(token), tokenRotatedAt: new Date() },
      );
      if (updated === 1) await notifyShopChanged(tem, shopId);
      return updated === 1;
    });
    if (!rotated) return null;
    this.onChanged(shopId);
    return token;
  }

  /** MCP logging/setLevel: every process hears it at commit, like a token rotation. */
  async setLogLevel(shopId: number, level: LogLevel): Promise<void> {
    await this.rootEm.fork().transactional(async (tem) => {
      await tem.nativeUpdate(Shop, { id: shopId }, { mcpLogLevel: level });
      await notifyShopChanged(tem, shopId);
    });
    this.onChanged(shopId);
  }

  /** Credits in (a grant or a purchase), or a purchase given back (`purchase_refund`, taken out). */
  async addCredits(
    shopId: number,
    amount: number,
    reason: string,
    kind: 'grant' | 'purchase' | 'purchase_refund' = 'grant',
  ): Promise<number | null> {
    const em = this.rootEm.fork();
    if (!(await em.findOne(Shop, { id: shopId }))) return null;
    return em.transactional((tem) => {
      const credits = new CreditsService({ em: forkForShop(tem, shopId) });
      return kind === 'purchase_refund'
        ? credits.debit(amount, reason, undefined, kind)
        : credits.add(amount, reason, undefined, kind);
    });
  }

  async list(): Promise<ShopRecord[]> {
    const shops = await this.rootEm.fork().find(Shop, {}, { orderBy: { id: 'asc' } });
    return shops.map(toShopRecord);
  }

  async count(): Promise<number> {
    return this.rootEm.fork().count(Shop, {});
  }
}

/** The shop row in the shape groups and the CLI see (`ShopRecord`, defined by ShopProfileService). */
export const toShopRecord = (s: Shop): ShopRecord => ({
  id: s.id,
  name: s.name,
  timezone: s.timezone,
  locale: s.locale,
  currency: s.currency,
  maxAgents: s.maxAgents,
  creditsBalance: Number(s.creditsBalance),
  createdAt: s.createdAt,
});
