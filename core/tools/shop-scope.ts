import { asValue, type AwilixContainer } from 'awilix';
import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { ShopContext, ToolContext } from '../plugin/plugin-types.js';
import { forkForShop } from '../tenancy/fork-for-shop.js';
import { Shop } from '../tenancy/shop.entity.js';
import type { EventBus } from '../events/event-bus.js';

export interface ScopeOptions {
  transactional?: boolean;
  group?: string;
  requestId?: string;
}

/**
 * A unit of work for one shop: a tenant-scoped EntityManager (in one transaction when asked), a
 * DI scope holding it, and the group's config. Tool calls, confirmations, jobs, resources and
 * plugin routes all run their work through here, so tenancy is set up in exactly one place.
 */
export class ShopScope {
  constructor(
    private readonly orm: MikroORM,
    private readonly container: AwilixContainer,
    private readonly groupConfigs: ReadonlyMap<string, Readonly<Record<string, unknown>>>,
    private readonly events: EventBus,
    readonly log: FastifyBaseLogger,
  ) {}

  async run<T>(shop: ShopContext, work: (ctx: ToolContext) => Promise<T>, options: ScopeOptions = {}): Promise<T> {
    const inScope = async (txEm?: EntityManager) => {
      // Built on first use: a query that touches neither the database nor a service (ping, server
      // time) should not pay for an EntityManager fork and a DI scope.
      let em = txEm;
      let scope: AwilixContainer | undefined;
      const scopedEm = () => (em ??= forkForShop(this.orm.em, shop.id));
      const ctx: ToolContext = {
        shop,
        get em() {
          return scopedEm();
        },
        get services() {
          return (scope ??= makeScope()).cradle;
        },
        config: this.configOf(options.group),
        log: this.log,
        requestId: options.requestId ?? 'internal',
      };
      const makeScope = () => {
        const created = this.container.createScope();
        created.register({ em: asValue(scopedEm()), shop: asValue(shop), events: asValue(this.events.forScope(() => ctx, (g) => this.configOf(g))) });
        return created;
      };
      try {
        return await work(ctx);
      } finally {
        await scope?.dispose();
      }
    };
    return options.transactional ? forkForShop(this.orm.em, shop.id).transactional((tem) => inScope(tem)) : inScope();
  }

  /**
   * Unscoped work for system jobs: the EntityManager has no shop, so any tenant-owned read that
   * does not say `filters: { tenant: false }` fails instead of mixing shops.
   */
  async runSystem<T>(work: (ctx: Omit<ToolContext, 'shop'>) => Promise<T>, group: string): Promise<T> {
    const em = this.orm.em.fork();
    const scope = this.container.createScope();
    scope.register({ em: asValue(em) });
    try {
      return await work({ em, services: scope.cradle, config: this.configOf(group), log: this.log, requestId: 'job' });
    } finally {
      await scope.dispose();
    }
  }

  configOf(group: string | undefined): Readonly<Record<string, unknown>> {
    return (group && this.groupConfigs.get(group)) || {};
  }

  /** The shop as handlers see it, read from the shops table. */
  async loadShop(shopId: number): Promise<ShopContext | null> {
    const shop = await this.orm.em.fork().findOne(Shop, { id: shopId });
    return shop && toShopContext(shop);
  }
}

export const toShopContext = (s: Pick<Shop, 'id' | 'name' | 'timezone' | 'locale' | 'currency'>): ShopContext => ({
  id: s.id,
  name: s.name,
  timezone: s.timezone,
  locale: s.locale,
  currency: s.currency,
});
