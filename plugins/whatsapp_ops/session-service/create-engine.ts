import type { FastifyBaseLogger } from 'fastify';
import type { EntityManager } from '../../../core/index.js';
import { SecretBox } from '../../../core/app-kit.js';
import { SandboxEngine } from '../sandbox/sandbox-engine.js';
import type * as BaileysEngineModule from './baileys/baileys-engine.js';
import type { SocketFactory } from './baileys/engine-socket.js';
import type { SessionServiceConfig } from './service-config.js';
import type { SessionEngine } from './session-engine.js';

export interface EngineContext {
  em: EntityManager;
  baseUrl: () => string;
  log: FastifyBaseLogger;
  /** Tests drive the Baileys engine with a scripted socket. */
  socketFactory?: SocketFactory;
}

/**
 * The configured engine. Baileys is imported only when chosen: it lives in this folder's own
 * node_modules (`npm run session-service:install`), and the sandbox never loads it.
 */
export async function createEngine(
  config: Readonly<SessionServiceConfig>,
  context: EngineContext,
): Promise<SessionEngine> {
  if (config.engine === 'sandbox')
    return new SandboxEngine({
      em: context.em,
      name: config.engineName,
      pairingBaseUrl: context.baseUrl,
      timings: config.sandbox,
      log: context.log,
    });
  let engineModule: typeof BaileysEngineModule;
  try {
    engineModule = await import('./baileys/baileys-engine.js');
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_MODULE_NOT_FOUND')
      throw new Error(
        `the baileys engine is not installed: run "npm run session-service:install" (${(err as Error).message})`,
        { cause: err },
      );
    throw err;
  }
  const { baileys, sandbox } = config;
  return new engineModule.BaileysEngine({
    em: context.em,
    name: config.engineName,
    secretBox: new SecretBox(baileys.authSecret!),
    log: context.log.child({}, { level: baileys.logLevel }),
    socketFactory: context.socketFactory,
    settings: {
      browserName: baileys.browserName,
      reconnect: { baseMs: baileys.reconnectBaseMs, maxMs: baileys.reconnectMaxMs },
      throttle: {
        intervalMs: baileys.sendIntervalMs,
        jitterMs: baileys.sendJitterMs,
        maxWaitMs: baileys.maxSendWaitMs,
      },
      qrWaitMs: baileys.qrWaitMs,
      resumeStaggerMs: baileys.resumeStaggerMs,
      pollIntervalMs: sandbox.pollIntervalMs,
      maxDeliveryAttempts: sandbox.maxDeliveryAttempts,
    },
  });
}
