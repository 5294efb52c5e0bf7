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
    if (!options.transactional) return this.inScope(new CallContext(this, shop, options), work);
    return forkForShop(this.orm.em, shop.id).transactional((tem) =>
      this.inScope(new CallContext(this, shop, options, tem), work),
    );
  }

  private async inScope<T>(ctx: CallContext, work: (ctx: ToolContext) => Promise<T>): Promise<T> {
    try {
      return await work(ctx);
    } finally {
      await ctx.dispose();
    }
  }

  /** @internal for CallContext */
  createScope(ctx: CallContext): AwilixContainer {
    const created = this.container.createScope();
    created.register({
      em: asValue(ctx.em),
      shop: asValue(ctx.shop),
      events: asValue(
        this.events.forScope(
          () => ctx,
          (g) => this.configOf(g),
        ),
      ),
    });
    return created;
  }

  /** @internal for CallContext */
  forkFor(shopId: number): EntityManager {
    return forkForShop(this.orm.em, shopId);
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

/**
 * A call's context with fields added or replaced (a listener's group config, a job's tick). Not a
 * spread: a CallContext's em and services are getters (made on first use) that a spread would drop.
 */
export function extendContext<X extends object>(ctx: ToolContext, extra: X): Omit<ToolContext, keyof X> & X {
  const base: ToolContext = {
    shop: ctx.shop,
    config: ctx.config,
    log: ctx.log,
    requestId: ctx.requestId,
    get em() {
      return ctx.em;
    },
    get services() {
      return ctx.services;
    },
  };
  return Object.assign(base, extra);
}

/**
 * The ToolContext of one unit of work. The EntityManager fork and the DI scope are made on first
 * use: a query that touches neither the database nor a service (ping, server time) should not pay
 * for them. A class, not closures: this object is made on every call.
 */
class CallContext implements ToolContext {
  readonly config: Readonly<Record<string, unknown>>;
  readonly log: FastifyBaseLogger;
  readonly requestId: string;
  private scope?: AwilixContainer;

  constructor(
    private readonly owner: ShopScope,
    readonly shop: ShopContext,
    options: ScopeOptions,
    private scopedEm?: EntityManager,
  ) {
    this.config = owner.configOf(options.group);
    this.log = owner.log;
    this.requestId = options.requestId ?? 'internal';
  }

  get em(): EntityManager {
    return (this.scopedEm ??= this.owner.forkFor(this.shop.id));
  }

  get services(): Record<string, any> {
    return (this.scope ??= this.owner.createScope(this)).cradle;
  }

  async dispose(): Promise<void> {
    await this.scope?.dispose();
  }
}
