import Fastify, { type FastifyInstance } from 'fastify';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  createOrm,
  kernelMigrations,
  SecretBox,
  loggerOptions,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../../core/app-kit.js';
import { jsonErrorHandler, sendChannelError } from '../channel/json-error-handler.js';
import { SandboxEngine } from '../sandbox/sandbox-engine.js';
import { sandboxEntities, sandboxMigrationsFullNames } from '../sandbox/sandbox-schema.js';
import { sandboxPairingRoutes } from '../sandbox/pairing-routes.js';
import { sandboxControlRoutes } from '../sandbox/sandbox-control-routes.js';
import { ServiceSession } from './entities/service-session.entity.js';
import { BaileysAuthKey } from './entities/baileys-auth-key.entity.js';
import { BaileysMessage } from './entities/baileys-message.entity.js';
import { BaileysSession } from './entities/baileys-session.entity.js';
import { SessionServiceInit } from './migrations/0001-init.js';
import { SessionServiceBaileysEngine } from './migrations/0002-baileys-engine.js';
import type { SocketFactory } from './baileys/engine-socket.js';
import { createEngine } from './create-engine.js';
import type { SessionEngine } from './session-engine.js';
import type { SessionServiceConfig } from './service-config.js';
import type { ServiceDeps } from './service-deps.js';
import { ServiceLimits } from './service-limits.js';
import { ServiceSessions } from './service-sessions.js';
import { SessionKeyGuard } from './session-key-guard.js';
import { webhookSink } from './webhook-sink.js';
import { healthRoute } from './routes/health-route.js';
import { createSessionRoute } from './routes/create-session-route.js';
import { qrRoute } from './routes/qr-route.js';
import { pairingCodeRoute } from './routes/pairing-code-route.js';
import { sessionRoutes } from './routes/session-routes.js';
import { messageRoutes } from './routes/message-routes.js';

export interface SessionService {
  app: FastifyInstance;
  orm: MikroORM;
  engine: SessionEngine;
  /** Starts listening and the engine's worker; returns the base URL. */
  listen(): Promise<string>;
  baseUrl(): string;
  close(): Promise<void>;
}

/**
 * The same names the main server gives these migrations: on a database shared with it (which
 * POST /sessions with a shop token needs), each runs once, whichever app starts first. The
 * kernel's own migration provides the shops table when the service runs on its own database.
 */
const migrations = [
  ...kernelMigrations,
  ...sandboxMigrationsFullNames,
  { name: 'session_service/0001-init', class: SessionServiceInit },
  { name: 'session_service/0002-baileys-engine', class: SessionServiceBaileysEngine },
];

/** config → database → engine → routes. Nothing listens until listen(). */
export async function buildSessionService(
  config: Readonly<SessionServiceConfig>,
  options: { logger?: boolean; socketFactory?: SocketFactory } = {},
): Promise<SessionService> {
  let embedded: EmbeddedPostgres | undefined;
  const url = config.database.url ?? (embedded = await startEmbeddedPostgres(config.database.dataDir)).url;
  let orm: MikroORM;
  try {
    orm = await createOrm({
      url,
      entities: [...sandboxEntities, ServiceSession, BaileysSession, BaileysAuthKey, BaileysMessage],
      migrations,
      poolMax: config.database.poolMax,
    });
    await orm.getMigrator().up();
  } catch (err) {
    await embedded?.close();
    throw err;
  }

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    // Unknown fields are refused with a 400 rather than silently dropped.
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setErrorHandler(jsonErrorHandler);
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: `no route ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' }),
  );

  let listeningUrl: string | undefined;
  const baseUrl = () => (config.publicUrl ?? listeningUrl ?? `http://${config.host}:${config.port}`).replace(/\/$/, '');
  const engine = await createEngine(config, {
    em: orm.em,
    baseUrl,
    log: app.log,
    socketFactory: options.socketFactory,
  });
  if (config.webhook.url)
    engine.setSink(
      webhookSink({ url: config.webhook.url, secret: config.sharedSecret!, timeoutMs: config.webhook.timeoutMs }),
    );
  const sessions = new ServiceSessions(orm.em, engine);
  const limits = new ServiceLimits(config.rateLimit);
  const guard = new SessionKeyGuard(sessions, limits);
  const qrSigner = config.engine === 'baileys' ? new SecretBox(config.baileys.authSecret!) : null;
  const deps: ServiceDeps = {
    config,
    orm,
    engine,
    sessions,
    limits,
    guard,
    baseUrl,
    qrAccess: qrSigner && ((sessionKey) => qrSigner.mac(`session-qr:${sessionKey}`)),
  };

  await app.register(healthRoute, { orm, engine });
  await app.register(createSessionRoute, deps);
  await app.register(qrRoute, deps);
  await app.register(async (guarded) => {
    guarded.addHook('onRequest', async (request, reply) => {
      const denied = await guard.authorize(request, (request.params as { key: string }).key);
      if (denied) return sendChannelError(reply, denied);
    });
    await guarded.register(sessionRoutes, deps);
    await guarded.register(messageRoutes, deps);
    await guarded.register(pairingCodeRoute, deps);
  });
  // The simulation's own routes: its pairing links, and injecting what the network would do.
  if (engine instanceof SandboxEngine) {
    await app.register(async (keyless) => {
      keyless.addHook('onRequest', async (request, reply) => {
        const limited = await limits.hitAnonymous(request.ip);
        if (limited) return sendChannelError(reply, limited);
      });
      await keyless.register(sandboxPairingRoutes, { engine });
    });
    await app.register(sandboxControlRoutes, {
      engine,
      authorize: (request, sessionKey) => guard.authorize(request, sessionKey),
    });
  }

  let closed = false;
  return {
    app,
    orm,
    engine,
    baseUrl,
    async listen() {
      const address = await app.listen({ host: config.host, port: config.port });
      listeningUrl = address.replace('[::1]', 'localhost');
      engine.start();
      return baseUrl();
    },
    async close() {
      if (closed) return;
      closed = true;
      await engine.stop();
      await app.close();
      await orm.close();
      await embedded?.close();
    },
  };
}
