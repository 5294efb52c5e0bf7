import Fastify, { type FastifyInstance } from 'fastify';
import { fastifyAwilixPlugin } from '@fastify/awilix';
import { asClass, asFunction, asValue, createContainer, InjectionMode } from 'awilix';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { SwitchboardConfig } from './config/config-schema.js';
import type { RetentionRule } from './retention/retention-rule.js';
import { KernelError } from './errors/kernel-error.js';
import { loadPlugins, type LoadedPlugin } from './plugin/load-plugins.js';
import { collectSchema } from './db/collect-schema.js';
import { createOrm, pendingMigrations } from './db/create-orm.js';
import { OwnStatements } from './db/own-statements.js';
import type { EmbeddedPostgres } from './db/embedded-postgres.js';
import { loadSecret } from './secrets/load-secret.js';
import { SecretBox } from './secrets/secret-box.js';
import { CreditsService } from './credits/credits-service.js';
import { ShopService } from './tenancy/shop-service.js';
import { ShopAnnouncer } from './tenancy/shop-announcer.js';
import { NetworkGuard } from './net/network-guard.js';
import { ShopProfileService } from './tenancy/shop-profile-service.js';
import { ToolRegistry } from './tools/tool-registry.js';
import { ShopScope } from './tools/shop-scope.js';
import { ToolInvoker } from './tools/tool-invoker.js';
import { ConfirmationService } from './confirmation/confirmation-service.js';
import { ConfirmationGate } from './confirmation/confirmation-gate.js';
import { confirmationPage } from './confirmation/confirmation-page.js';
import { ResourceRegistry } from './resources/resource-registry.js';
import { PromptRegistry } from './mcp/prompt-registry.js';
import { ResourceReader } from './mcp/resource-reader.js';
import { PromptMethods } from './mcp/prompt-methods.js';
import { Completions } from './mcp/completions.js';
import { shopProfileResource, type ProfileContributor } from './resources/shop-profile.resource.js';
import { JobScheduler } from './jobs/job-scheduler.js';
import { McpMethods } from './transport/mcp-methods.js';
import { mcpRoute } from './transport/mcp-route.js';
import { compressAnswers } from './transport/compress-answers.js';
import { originGuard } from './transport/origin-guard.js';
import { errorHandler } from './transport/error-handler.js';
import { Authenticator } from './auth/authenticator.js';
import { AuthGuard } from './auth/auth-guard.js';
import { grantAllows, KERNEL_GROUP } from './auth/token-grant.js';
import { TokenService } from './auth/token-service.js';
import { loggerOptions } from './logging/logger-options.js';
import { RequestLog, requestSummary, summariseRequests } from './logging/request-log.js';
import { initializeResult } from './transport/initialize-result.js';
import { GroupCatalog } from './plugin/group-catalog.js';
import { EventBus, type Listener } from './events/event-bus.js';
import { ServiceAccess } from './plugin/service-access.js';
import { groupContainer } from './plugin/group-container.js';
import { OutboxRelay } from './outbox/outbox-relay.js';
import { collectOutboxConsumers } from './outbox/collect-outbox-consumers.js';
import { Metrics } from './metrics/metrics.js';
import { kernelGauges } from './metrics/kernel-gauges.js';
import { operatorRoutes } from './transport/operator-routes.js';
import { RetentionSweep } from './retention/retention-sweep.js';
import { kernelRetention } from './retention/kernel-retention.js';
import { kernelJobs } from './jobs/kernel-jobs.js';
import { AuditTrail } from './audit/audit-trail.js';
import { RequestLimiter } from './limits/request-limiter.js';
import { McpSessions } from './transport/mcp-session.js';
import { ClientMessageRouter } from './transport/client-message-router.js';
import { PostgresMessageBus, RedisMessageBus, CLIENT_MESSAGES_CHANNEL } from './transport/message-bus.js';
import { NOTICES_CHANNEL, SessionNotices } from './mcp/session-notices.js';
import { ResourceSubscriptions } from './resources/resource-subscriptions.js';
import { resourceChangeListeners } from './resources/resource-change-listeners.js';
import { sessionStreamRoute } from './transport/session-stream-route.js';
import { unsentConnections } from './transport/unsent-connections.js';

export interface Kernel {
  app: FastifyInstance;
  orm: MikroORM;
  config: Readonly<SwitchboardConfig>;
  plugins: LoadedPlugin[];
  registry: ToolRegistry;
  scheduler: JobScheduler;
  /** Which group may resolve which service (the contract tests read it). */
  serviceAccess: ServiceAccess;
  shops: ShopService;
  /** A shop's named tokens (the CLI's token-* commands). */
  tokens: TokenService;
  /** Delivers shop.created for shops not announced yet (created by the CLI, or a failed delivery). */
  announcer: ShopAnnouncer;
  /** Delivers outbox messages after commit (started with the jobs; tests drive it with deliverDue()). */
  outbox: OutboxRelay;
  /** The kernel's jobs and the groups' retention rules run through it; tests drive run(). */
  retention: RetentionSweep;
  metrics: Metrics;
  /** What groups get as SetupContext.ownStatements. */
  ownStatements: OwnStatements;
  /** True when the database is the embedded one in the data folder. */
  embedded: boolean;
  /** Starts listening and the jobs; returns the base URL. */
  listen(): Promise<string>;
  baseUrl(): string;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** Tests pass false to keep output quiet; the default logs at config.logLevel. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read them). */
  logStream?: NodeJS.WritableStream;
}

/** config → database → groups → registry → HTTP. Nothing listens until listen(). */
export async function buildKernel(config: Readonly<SwitchboardConfig>, options: BuildOptions = {}): Promise<Kernel> {
  const plugins = await loadPlugins(config);
  const { entities, migrations } = collectSchema(plugins);
  const { secret } = await loadSecret(config.secret, config.database.dataDir);
  const secrets = new SecretBox(secret);

  let embedded: EmbeddedPostgres | undefined;
  if (!config.database.url) {
    // Imported only in embedded mode: the engine's WASM module holds ~40 MB a PostgreSQL deployment never uses.
    const { startEmbeddedPostgres } = await import('./db/embedded-postgres.js');
    embedded = await startEmbeddedPostgres(config.database.dataDir, {
      sharedBuffersMb: config.database.embeddedSharedBuffersMb,
    });
  }
  const url = config.database.url ?? embedded!.url;
  let orm: MikroORM;
  try {
    orm = await createOrm({
      url,
      entities,
      migrations,
      poolMax: embedded ? Math.min(config.database.poolMax, 8) : config.database.poolMax,
    });
    if (config.database.migrateOnStart && (await pendingMigrations(orm, migrations)) > 0) await orm.getMigrator().up();
  } catch (err) {
    await embedded?.close();
    if (err instanceof KernelError) throw err;
    throw new KernelError('KRN_ERR_DATABASE', (err as Error).message);
  }

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    logController: new RequestLog(),
    bodyLimit: config.server.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    forceCloseConnections: false,
    return503OnClosing: true,
    // Only a proxy the operator names may say who the client is: the failed-auth limit is per address.
    trustProxy: config.server.trustProxy,
  });
  summariseRequests(app);
  const log = app.log;
  const ownStatements = await OwnStatements.open(orm.em, config.database.ownStatementsPoolMax, (err) =>
    log.warn({ err }, 'an idle connection for own statements broke; the pool drops it'),
  );
  const unsent = unsentConnections(app.server);
  const metrics = new Metrics(orm, log);
  metrics.declare(KERNEL_GROUP, kernelGauges);
  for (const { plugin } of plugins) metrics.declare(plugin.name, plugin.metrics ?? []);

  const container = createContainer({ injectionMode: InjectionMode.PROXY, strict: true });
  const access = ServiceAccess.of(plugins);
  access.probe(plugins);
  const groupConfigs = new Map(plugins.map((p) => [p.plugin.name, p.config]));
  let listeningUrl: string | undefined;
  const baseUrl = () =>
    (config.server.publicBaseUrl ?? listeningUrl ?? `http://${config.server.host}:${config.server.port}`).replace(
      /\/$/,
      '',
    );
  const networkGuard = new NetworkGuard({
    allowLoopback: config.network.allowLoopback,
    trustedCaPem: config.network.trustedCaPem,
  });
  container.register({
    secrets: asValue(secrets),
    networkGuard: asValue(networkGuard),
    metrics: asValue(metrics),
    credits: asClass(CreditsService).scoped(),
    creditsConfig: asValue(config.credits),
    shopProfile: asClass(ShopProfileService).scoped(),
    baseUrl: asValue(baseUrl),
  });
  for (const { plugin, config: groupConfig } of plugins) {
    for (const [name, service] of Object.entries(plugin.services ?? {})) {
      if (name === 'config' || container.hasRegistration(name)) {
        throw new KernelError(
          'KRN_ERR_DUPLICATE_SERVICE',
          name === 'config'
            ? `group "${plugin.name}" names a service "config", the name under which its services get its config`
            : `service "${name}" of group "${plugin.name}" is already registered`,
          { group: plugin.name, service: name },
        );
      }
      // Each service gets the container as its own group may see it, and its group's config.
      container.register(
        name,
        asFunction((cradle: object) => new service(access.cradleOf(cradle, plugin.name, groupConfig))).scoped(),
      );
    }
  }

  const registry = new ToolRegistry();
  const resources = new ResourceRegistry();
  const prompts = new PromptRegistry();
  const listeners = new Map<string, { group: string; handler: Listener }[]>();
  for (const { plugin } of plugins) {
    // Typed per event where the group declares them; the bus only routes them by name.
    for (const [event, handler] of Object.entries(plugin.on ?? {}) as [string, Listener][])
      listeners.set(event, [...(listeners.get(event) ?? []), { group: plugin.name, handler }]);
  }
  // Always PostgreSQL, Redis or not: a change is announced in its own transaction, heard at the commit.
  const notices = new SessionNotices(orm, new PostgresMessageBus(orm, url, log, NOTICES_CHANNEL), log);
  for (const { event, group, handler } of resourceChangeListeners(plugins, notices))
    listeners.set(event, [...(listeners.get(event) ?? []), { group, handler }]);
  const relay = new OutboxRelay(
    orm,
    collectOutboxConsumers(plugins, config.outbox.retryScheduleMs),
    config.outbox,
    log,
  );
  const scope = new ShopScope(orm, container, groupConfigs, new EventBus(listeners), access, log, relay.wiring());
  relay.attach(scope);
  const scheduler = new JobScheduler(orm, scope, log, metrics);
  const retention = new RetentionSweep(
    orm,
    [
      ...kernelRetention.map((rule) => ({ group: KERNEL_GROUP, rule: rule as RetentionRule<never>, config })),
      ...plugins.flatMap(({ plugin, config: groupConfig }) =>
        (plugin.retention ?? []).map((rule) => ({
          group: plugin.name,
          rule: rule as RetentionRule<never>,
          config: groupConfig,
        })),
      ),
    ],
    config.retention,
    log,
    metrics,
  );
  const profileContributors = plugins.flatMap(({ plugin }) =>
    plugin.profile ? [plugin.profile as ProfileContributor] : [],
  );
  resources.add(
    KERNEL_GROUP,
    shopProfileResource(
      plugins.map((p) => p.plugin.name),
      profileContributors,
    ),
  );
  for (const { plugin } of plugins) {
    for (const tool of plugin.tools ?? []) registry.add(plugin.name, tool);
    for (const resource of plugin.resources ?? []) resources.add(plugin.name, resource);
    for (const template of plugin.resourceTemplates ?? []) resources.addTemplate(plugin.name, template);
    for (const prompt of plugin.prompts ?? []) prompts.add(plugin.name, prompt);
    for (const job of plugin.jobs ?? []) scheduler.add(plugin.name, job);
  }
  registry.seal(config.tools.pageSize);
  container.register({ kernelCatalog: asValue(new GroupCatalog(plugins, registry)) });

  const announcer = new ShopAnnouncer(orm, scope, log);
  const confirmations = new ConfirmationService(secrets, config.confirmation.ttlSeconds);
  const gate = new ConfirmationGate(orm, registry, scope, confirmations, baseUrl, metrics, notices);
  const sinks = plugins.flatMap(({ plugin }) => (plugin.audit ? [plugin.audit] : []));
  const audit = new AuditTrail(sinks, scope, log);
  const invoker = new ToolInvoker(registry, scope, gate, log, config.tools.checkOutput, audit, metrics);
  for (const job of kernelJobs({ orm, scope, registry, audit, metrics }, retention, embedded !== undefined))
    scheduler.add(KERNEL_GROUP, job);
  gate.attach(invoker);
  const shops = new ShopService(
    orm.em,
    (shopId) => authenticator.evictShop(shopId),
    (shopId) => announcer.announceNew(shopId),
  );
  const reader = new ResourceReader(resources, scope);
  const methods = new McpMethods({
    registry,
    invoker,
    resources,
    reader,
    subscriptions: new ResourceSubscriptions(reader, notices),
    prompts: new PromptMethods(prompts, scope),
    completions: new Completions(prompts, resources, scope),
    initializeResult: initializeResult(plugins, registry),
    setLogLevel: (shopId, level) => shops.setLogLevel(shopId, level),
  });

  // The server's own origin is known only once it listens; the set is rebuilt only when it changes.
  let origins: { base: string; set: ReadonlySet<string> } | undefined;
  const allowedOrigins = () => {
    const base = baseUrl();
    if (origins?.base !== base)
      origins = { base, set: new Set([...config.server.allowedOrigins, new URL(base).origin]) };
    return origins.set;
  };
  originGuard(app, allowedOrigins);
  compressAnswers(app, config.server.compressMinBytes);
  errorHandler(app);
  await app.register(operatorRoutes, {
    pendingMigrations: () => pendingMigrations(orm, migrations),
    metrics,
    access: config.metrics,
  });
  const authenticator = new Authenticator(orm, url, log);
  await authenticator.start();
  // ioredis is imported only when a Redis is configured.
  const redis = config.redis.url
    ? (await import('./limits/redis-client.js')).connectRedis(config.redis.url, log)
    : undefined;
  const limiter = (name: string, points: number) =>
    RequestLimiter.create({
      name,
      points,
      windowSeconds: config.auth.windowSeconds,
      redis,
      keyPrefix: config.redis.keyPrefix,
    });
  const auth = new AuthGuard(authenticator, limiter('failed-auth', config.auth.failedAttemptsPerWindow));
  const router = new ClientMessageRouter(
    redis
      ? new RedisMessageBus(redis, `${config.redis.keyPrefix}${CLIENT_MESSAGES_CHANNEL}`)
      : new PostgresMessageBus(orm, url, log),
  );
  await router.start();
  await notices.start();
  const sessions = new McpSessions(secrets);
  await app.register(sessionStreamRoute, { auth, sessions, notices });
  await app.register(mcpRoute, {
    methods,
    auth,
    perShop: limiter('shop', config.auth.requestsPerWindow),
    groups: new Set(plugins.map((p) => p.plugin.name)),
    maxBatchLength: config.server.maxBatchLength,
    metrics,
    sessions,
    router,
    elicitationTimeoutMs: config.server.elicitationTimeoutSeconds * 1000,
    samplingTimeoutMs: config.server.samplingTimeoutSeconds * 1000,
    notices,
  });
  await app.register(confirmationPage, { gate });
  // Plugin routes get request.diScope; the MCP endpoint builds its own per-call scopes and does
  // not pay for a per-request one.
  await app.register(async (routes) => {
    await routes.register(fastifyAwilixPlugin, {
      container,
      disposeOnClose: true,
      disposeOnResponse: true,
      strictBooleanEnforced: true,
    });
    for (const { plugin, config: groupConfig } of plugins) {
      if (!plugin.setup && !plugin.onReady && !plugin.onClose) continue;
      const own = groupContainer(container, access, plugin.name);
      await routes.register(async (child) => {
        await plugin.setup?.({
          app: child,
          config: groupConfig,
          ...own,
          log,
          rootEm: orm.em,
          ownStatements,
          baseUrl,
          dataDir: config.database.dataDir,
          authenticate: async (request) => {
            const outcome = await auth.check(request.headers.authorization, request.ip);
            if (outcome.shop) requestSummary(request).shop = outcome.shop.id;
            if (!outcome.shop || grantAllows(outcome.grant, plugin.name, true)) return outcome;
            return { shop: null, status: 403, message: `this token may not change ${plugin.name}'s data` };
          },
          withShop: async (shopId, work, opts) => {
            const shop = await scope.loadShop(shopId);
            if (!shop) throw new KernelError('KRN_ERR_NO_TENANT', `no shop ${shopId}`);
            return scope.run(shop, work, { ...opts, group: plugin.name });
          },
        });
        // In the group's own context, so the groups close in the reverse of their load order.
        const lifecycle = { config: groupConfig, log, resolve: own.resolve };
        if (plugin.onReady) child.addHook('onReady', async () => plugin.onReady!(lifecycle));
        if (plugin.onClose) child.addHook('onClose', async () => plugin.onClose!(lifecycle));
      });
    }
  });

  let closed = false;
  return {
    app,
    orm,
    config,
    plugins,
    registry,
    scheduler,
    serviceAccess: access,
    shops,
    tokens: new TokenService(orm.em, (shopId) => authenticator.evictShop(shopId)),
    announcer,
    outbox: relay,
    retention,
    metrics,
    ownStatements,
    embedded: embedded !== undefined,
    baseUrl,
    async listen() {
      const address = await app.listen({ host: config.server.host, port: config.server.port });
      listeningUrl = address.replace('[::1]', 'localhost');
      if (config.jobs.enabled) {
        scheduler.start();
        announcer.start();
        relay.start();
      }
      return baseUrl();
    },
    async close() {
      if (closed) return;
      closed = true;
      await scheduler.stop();
      await announcer.stop();
      await relay.stop();
      // Held session streams end first: the server does not wait on clients that never hang up.
      await notices.stop();
      const closing = app.close();
      unsent.cut();
      await closing;
      await networkGuard.close();
      await authenticator.stop();
      await router.stop();
      redis?.disconnect();
      await ownStatements.close();
      await orm.close();
      await embedded?.close();
    },
  };
}
