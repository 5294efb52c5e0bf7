import { asValue, Lifetime, type AwilixContainer } from 'awilix';
import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { ShopContext, ToolContext } from '../plugin/plugin-types.js';
import { forkForShop } from '../tenancy/fork-for-shop.js';
import { sql } from '../db/sql.js';
import type { Shop } from '../tenancy/shop.entity.js';
import type { EventBus } from '../events/event-bus.js';
import type { ServiceAccess } from '../plugin/service-access.js';
import type { Services } from '../plugin/service-map.js';
import { Outbox, type OutboxWiring } from '../outbox/outbox.js';
import { silentReporter, type CallReporter } from '../mcp/call-reporter.js';
import { noClient, type ClientRequests } from '../mcp/client-requests.js';
import { BeforeCommit, NO_COMMIT, type CommitHooks } from './commit-hooks.js';

export interface ScopeOptions {
  transactional?: boolean;
  group?: string;
  requestId?: string;
  /** Where the work's progress and client log messages go (a tool call's stream); nowhere by default. */
  reporter?: CallReporter;
  /** What the work may ask the call's client; nothing by default. */
  client?: ClientRequests;
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
    private readonly access: ServiceAccess,
    readonly log: FastifyBaseLogger,
    private readonly outbox: OutboxWiring,
  ) {}

  async run<T>(shop: ShopContext, work: (ctx: ToolContext) => Promise<T>, options: ScopeOptions = {}): Promise<T> {
    if (!options.transactional) return this.inScope(new CallContext(this, shop, options), work);
    return forkForShop(this.orm.em, shop.id).transactional((tem) => {
      const ctx = new CallContext(this, shop, options, tem);
      return this.inScope(ctx, async (c) => {
        const result = await work(c);
        await ctx.commit.settle();
        return result;
      });
    });
  }

  private async inScope<T>(ctx: CallContext, work: (ctx: ToolContext) => Promise<T>): Promise<T> {
    try {
      return await work(ctx);
    } finally {
      // Awaited only when there is something to dispose: most calls make no scope at all.
      const disposed = ctx.dispose();
      if (disposed) await disposed;
    }
  }

  /** @internal for CallContext */
  createScope(ctx: CallContext): AwilixContainer {
    const created = this.container.createScope();
    // em and events are made on first use: a service that only reads its config or calls out does
    // not pay for the EntityManager fork. Leak-safe as asValue is (the call context holds them).
    // Plain resolvers: asFunction parses its function's parameter list on every call here.
    created.register({
      em: { resolve: () => ctx.em, isLeakSafe: true },
      shop: asValue(ctx.shop),
      commit: asValue(ctx.commit),
      client: asValue(ctx.client),
      events: {
        resolve: () => this.events.forScope((group) => ctx.as(group)),
        lifetime: Lifetime.SCOPED,
        isLeakSafe: true,
      },
      outbox: { resolve: () => new Outbox(ctx.em, ctx.shop, this.outbox), lifetime: Lifetime.SCOPED },
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
  async runSystem<T>(work: (ctx: Omit<ToolContext, 'shop' | 'transaction'>) => Promise<T>, group: string): Promise<T> {
    const em = this.orm.em.fork();
    const scope = this.container.createScope();
    scope.register({ em: asValue(em), commit: asValue(NO_COMMIT), client: asValue(noClient) });
    try {
      const services = this.servicesFor(scope.cradle as Services, group);
      return await work({
        em,
        services,
        config: this.configOf(group),
        log: this.log,
        requestId: 'job',
        progress: silentReporter.progress,
        clientLog: silentReporter.log,
        client: noClient,
      });
    } finally {
      await scope.dispose();
    }
  }

  /** @internal for CallContext: the scope's services as `group` may see them. */
  servicesFor(cradle: Services, group: string | undefined): Services {
    return this.access.view(cradle, group);
  }

  configOf(group: string | undefined): Readonly<Record<string, unknown>> {
    return (group && this.groupConfigs.get(group)) || {};
  }

  /** The shop as handlers see it, read from the shops table. */
  async loadShop(shopId: number): Promise<ShopContext | null> {
    // A plain statement: every channel batch and job tick starts here, and hydrating an entity
    // that is then dropped cost more than the read (the inbound message path).
    const [shop] = await sql<ShopContext>(
      this.orm.em,
      'select id, name, timezone, locale, currency from shops where id = $1',
      [shopId],
    );
    return shop ?? null;
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
    progress: ctx.progress,
    clientLog: ctx.clientLog,
    client: ctx.client,
    get em() {
      return ctx.em;
    },
    get services() {
      return ctx.services;
    },
    transaction: (work) => ctx.transaction(work),
  };
  // defineProperties, not assign: `extra` may replace a getter (services), which assign cannot set.
  return Object.defineProperties(base, Object.getOwnPropertyDescriptors(extra)) as unknown as Omit<
    ToolContext,
    keyof X
  > &
    X;
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
  readonly progress: ToolContext['progress'];
  readonly clientLog: ToolContext['clientLog'];
  readonly client: ClientRequests;
  private readonly group: string | undefined;
  /** The work that runs last in the unit of work's transaction (none without one). */
  readonly commit: CommitHooks;
  private scope?: AwilixContainer;
  private groupServices?: Services;

  constructor(
    private readonly owner: ShopScope,
    readonly shop: ShopContext,
    options: ScopeOptions,
    private scopedEm?: EntityManager,
  ) {
    this.group = options.group;
    this.config = owner.configOf(options.group);
    this.log = owner.log;
    this.requestId = options.requestId ?? 'internal';
    const reporter = options.reporter ?? silentReporter;
    this.progress = reporter.progress;
    this.clientLog = reporter.log;
    this.client = options.client ?? noClient;
    this.commit = scopedEm ? new BeforeCommit(scopedEm.getTransactionContext()) : NO_COMMIT;
  }

  get em(): EntityManager {
    return (this.scopedEm ??= this.owner.forkFor(this.shop.id));
  }

  get services(): Services {
    return (this.groupServices ??= this.owner.servicesFor(this.cradle(), this.group));
  }

  transaction<T>(work: (ctx: ToolContext) => Promise<T>): Promise<T> {
    if (this.scopedEm?.isInTransaction()) return work(this);
    return this.owner.run(this.shop, work, {
      transactional: true,
      group: this.group,
      requestId: this.requestId,
      reporter: { progress: this.progress, log: this.clientLog },
      client: this.client,
    });
  }

  /** The same unit of work as another group sees it (an event listener): its config and services. */
  as(group: string): ToolContext {
    const view: ToolContext = extendContext(this, {
      config: this.owner.configOf(group),
      services: this.owner.servicesFor(this.cradle(), group),
      // The listener's own view inside the transaction too, never the emitter's.
      transaction: <T>(work: (ctx: ToolContext) => Promise<T>): Promise<T> =>
        this.scopedEm?.isInTransaction()
          ? work(view)
          : this.owner.run(this.shop, work, {
              transactional: true,
              group,
              requestId: this.requestId,
              reporter: { progress: this.progress, log: this.clientLog },
              client: this.client,
            }),
    });
    return view;
  }

  private cradle(): Services {
    return (this.scope ??= this.owner.createScope(this)).cradle as Services;
  }

  /**
   * Disposes the DI scope when a service it made has a disposer. awilix's dispose walks every
   * service the scope made with a promise each even when none has one (no service does today):
   * ~1.5% of a read's CPU for a cache the garbage collector clears as well.
   */
  dispose(): Promise<void> | undefined {
    const scope = this.scope;
    if (!scope) return undefined;
    for (const { resolver } of scope.cache.values())
      if ((resolver as { dispose?: unknown }).dispose) return scope.dispose();
    return undefined;
  }
}
