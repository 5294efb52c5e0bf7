import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { PollingLoop } from '../util/polling-loop.js';
import type { ShopScope } from '../tools/shop-scope.js';
import { toShopContext } from '../tools/shop-scope.js';
import { Shop } from './shop.entity.js';

/**
 * Delivers shop.created once per shop, at least once: in the shop's own transaction, which also
 * marks the shop announced, so a listener that fails leaves the shop to be announced again. The
 * server announces the shops it creates at once, and every pass picks up those created elsewhere
 * (the `npm run shop` CLI writes no events) or whose delivery failed.
 */
export class ShopAnnouncer {
  private readonly loop: PollingLoop;

  constructor(
    private readonly orm: MikroORM,
    private readonly scope: ShopScope,
    private readonly log: FastifyBaseLogger,
    pollMs = 30_000,
  ) {
    this.loop = new PollingLoop(
      () => this.announcePending(),
      pollMs,
      (err) => log.error({ err }, 'announcing new shops failed'),
    );
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Announces one shop; false when another process did, or it was announced already. */
  async announce(shopId: number): Promise<boolean> {
    const shop = await this.orm.em.fork().findOne(Shop, { id: shopId });
    if (!shop || shop.announcedAt) return false;
    return this.scope.run(
      toShopContext(shop),
      async ({ em, services }) => {
        const claimed = await em
          .getConnection()
          .execute<{ id: number }[]>(
            'update "shops" set "announced_at" = now() where "id" = ? and "announced_at" is null returning "id"',
            [shopId],
            'all',
            em.getTransactionContext(),
          );
        if (claimed.length === 0) return false;
        await services.events.emit('shop.created', {
          shop_id: shop.id,
          name: shop.name,
          timezone: shop.timezone,
          locale: shop.locale,
          currency: shop.currency,
          referral_code: shop.referralCode ?? null,
        });
        return true;
      },
      { transactional: true, requestId: 'shop-announcer' },
    );
  }

  /**
   * Right after the server created the shop: a failing listener must not fail the creation, which
   * has committed; the shop stays unannounced and the next pass delivers it again.
   */
  async announceNew(shopId: number): Promise<void> {
    try {
      await this.announce(shopId);
    } catch (err) {
      this.log.error({ err, shopId }, 'shop.created failed; it is retried on the next pass');
    }
  }

  /** One pass over shops not announced yet; true when it announced any. */
  async announcePending(limit = 100): Promise<boolean> {
    const pending = await this.orm.em
      .fork()
      .find(Shop, { announcedAt: null }, { fields: ['id'], orderBy: { id: 'asc' }, limit });
    let any = false;
    for (const { id } of pending) any = (await this.announce(id)) || any;
    return any;
  }
}
