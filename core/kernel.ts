import Fastify, { type FastifyInstance } from 'fastify';
import { fastifyAwilixPlugin } from '@fastify/awilix';
import { asClass, asValue, createContainer, InjectionMode } from 'awilix';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { SwitchboardConfig } from './config/config-schema.js';
import { KernelError } from './errors/kernel-error.js';
import { loadPlugins, type LoadedPlugin } from './plugin/load-plugins.js';
import { collectSchema } from './db/collect-schema.js';
import { createOrm } from './db/create-orm.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres.js';
import { loadSecret } from './secrets/load-secret.js';
import { SecretBox } from './secrets/secret-box.js';
import { CreditsService } from './credits/credits-service.js';
import { ShopService } from './tenancy/shop-service.js';
import { ShopProfileService } from './tenancy/shop-profile-service.js';
import { ToolRegistry } from './tools/tool-registry.js';
import { ShopScope } from './tools/shop-scope.js';
import { ToolInvoker } from './tools/tool-invoker.js';
import { ConfirmationService } from './confirmation/confirmation-service.js';
import { ConfirmationGate } from './confirmation/confirmation-gate.js';
import { confirmationPage } from './confirmation/confirmation-page.js';
import { ResourceRegistry } from './resources/resource-registry.js';
import { shopProfileResource, type ProfileContributor } from './resources/shop-profile.resource.js';
import { JobScheduler } from './jobs/job-scheduler.js';
import { McpMethods, PROTOCOL_VERSION } from './transport/mcp-methods.js';
import { mcpRoute } from './transport/mcp-route.js';
import { originGuard } from './transport/origin-guard.js';
import { errorHandler } from './transport/error-handler.js';
import { Authenticator } from './auth/authenticator.js';
import { loggerOptions } from './logging/logger-options.js';
import { initializeResult } from './transport/initialize-result.js';
import { SERVER_NAME } from './version.js';
import { GroupCatalog } from './plugin/group-catalog.js';
import { EventBus, type Listener } from './events/event-bus.js';

export interface Kernel {
  app: FastifyInstance;
  orm: MikroORM;
  config: Readonly<SwitchboardConfig>;
  plugins: LoadedPlugin[];
  registry: ToolRegistry;
  scheduler: JobScheduler;
  shops: ShopService;
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
}

/** config → database → groups → registry → HTTP. Nothing listens until listen(). */
export async function buildKernel(config: Readonly<SwitchboardConfig>, options: BuildOptions = {}): Promise<Kernel> {
  const plugins = await loadPlugins(config);
  const { entities, migrations } = collectSchema(plugins);
  const { secret } = await loadSecret(config.secret, config.database.dataDir);
  const secrets = new SecretBox(secret);

  let embedded: EmbeddedPostgres | undefined;
  const url = config.database.url ?? (embedded = await startEmbeddedPostgres(config.database.dataDir)).url;
  let orm: MikroORM;
  try {
    orm = await createOrm({
      url,
      entities,
      migrations,
      poolMax: embedded ? Math.min(config.database.poolMax, 8) : config.database.poolMax,
    });
    if (config.database.migrateOnStart) await orm.getMigrator().up();
  } catch (err) {
    await embedded?.close();
    if (err instanceof KernelError) throw err;
    throw new KernelError('KRN_ERR_DATABASE', (err as Error).message);
  }

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel),
    bodyLimit: config.server.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    forceCloseConnections: false,
    return503OnClosing: true,
  });
  const log = app.log;

  const container = createContainer({ injectionMode: InjectionMode.PROXY, strict: true });
  const groupConfigs = new Map(plugins.map((p) => [p.plugin.name, p.config]));
  container.register({
    secrets: asValue(secrets),
    credits: asClass(CreditsService).scoped(),
    shopProfile: asClass(ShopProfileService).scoped(),
  });
  for (const { plugin } of plugins) {
    for (const [name, service] of Object.entries(plugin.services ?? {})) {
      if (container.hasRegistration(name)) {
        throw new KernelError(
          'KRN_ERR_DUPLICATE_SERVICE',
          `service "${name}" of group "${plugin.name}" is already registered`,
          { group: plugin.name, service: name },
        );
      }
      container.register(name, asClass(service).scoped());
    }
  }

  let listeningUrl: string | undefined;
  const baseUrl = () =>
    (config.server.publicBaseUrl ?? listeningUrl ?? `http://${config.server.host}:${config.server.port}`).replace(
      /\/$/,
      '',
    );

  const registry = new ToolRegistry();
  const resources = new ResourceRegistry();
  const listeners = new Map<string, { group: string; handler: Listener }[]>();
  for (const { plugin } of plugins) {
    for (const [event, handler] of Object.entries(plugin.on ?? {}))
      listeners.set(event, [...(listeners.get(event) ?? []), { group: plugin.name, handler }]);
  }
  const scope = new ShopScope(orm, container, groupConfigs, new EventBus(listeners), log);
  const scheduler = new JobScheduler(orm, scope, log);
  const profileContributors = plugins.flatMap(({ plugin }) =>
    plugin.profile ? [plugin.profile as ProfileContributor] : [],
  );
  resources.add(
    'kernel',
    shopProfileResource(
      plugins.map((p) => p.plugin.name),
      profileContributors,
    ),
  );
  for (const { plugin } of plugins) {
    for (const tool of plugin.tools ?? []) registry.add(plugin.name, tool);
    for (const resource of plugin.resources ?? []) resources.add(plugin.name, resource);
    for (const job of plugin.jobs ?? []) scheduler.add(plugin.name, job);
  }
  registry.seal(config.tools.pageSize);
  container.register({ kernelCatalog: asValue(new GroupCatalog(plugins, registry)) });

  const confirmations = new ConfirmationService(secrets, config.confirmation.ttlSeconds);
  const gate = new ConfirmationGate(orm, registry, scope, confirmations, baseUrl);
  const invoker = new ToolInvoker(registry, scope, gate, log);
  gate.attach(invoker);
  const methods = new McpMethods(registry, invoker, resources, scope, initializeResult(plugins, registry));

  // The server's own origin is known only once it listens; the set is rebuilt only when it changes.
  let origins: { base: string; set: ReadonlySet<string> } | undefined;
  const allowedOrigins = () => {
    const base = baseUrl();
    if (origins?.base !== base)
      origins = { base, set: new Set([...config.server.allowedOrigins, new URL(base).origin]) };
    return origins.set;
  };
  originGuard(app, allowedOrigins);
  errorHandler(app);
  app.get('/health', async (_req, reply) => {
    try {
      await orm.em.getConnection().execute('select 1');
      return { status: 'ok', database: 'up', server: SERVER_NAME, protocolVersion: PROTOCOL_VERSION };
    } catch {
      return reply.code(503).send({ status: 'degraded', database: 'down', server: SERVER_NAME });
    }
  });
  const authenticator = new Authenticator(orm, url, log);
  await authenticator.start();
  await app.register(mcpRoute, {
    methods,
    authenticator,
    requestsPerWindow: config.auth.requestsPerWindow,
    failedAttemptsPerWindow: config.auth.failedAttemptsPerWindow,
    windowSeconds: config.auth.windowSeconds,
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
      if (!plugin.setup) continue;
      await routes.register(async (child) =>
        plugin.setup!({
          app: child,
          config: groupConfig,
          container,
          log,
          rootEm: orm.em,
          baseUrl,
          authenticate: async (authorization) => authenticator.authenticate(authorization),
          withShop: async (shopId, work, opts) => {
            const shop = await scope.loadShop(shopId);
            if (!shop) throw new KernelError('KRN_ERR_NO_TENANT', `no shop ${shopId}`);
            return scope.run(shop, work, { ...opts, group: plugin.name });
          },
        }),
      );
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
    shops: new ShopService(orm.em, (shopId) => authenticator.evictShop(shopId)),
    embedded: embedded !== undefined,
    baseUrl,
    async listen() {
      const address = await app.listen({ host: config.server.host, port: config.server.port });
      listeningUrl = address.replace('[::1]', 'localhost');
      if (config.jobs.enabled) scheduler.start();
      return baseUrl();
    },
    async close() {
      if (closed) return;
      closed = true;
      await scheduler.stop();
      await app.close();
      await authenticator.stop();
      await orm.close();
      await embedded?.close();
    },
  };
}
