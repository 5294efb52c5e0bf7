import {
  buildSessionService,
  type SessionService,
} from '../../plugins/whatsapp_ops/session-service/build-session-service.js';
import { loadSessionServiceConfig } from '../../plugins/whatsapp_ops/session-service/service-config.js';
import type { SocketFactory } from '../../plugins/whatsapp_ops/session-service/baileys/engine-socket.js';
import { SandboxEngine } from '../../plugins/whatsapp_ops/sandbox/sandbox-engine.js';
import { sharedDatabaseUrl } from './global-database.js';

/** How the session service posts its events to the main server, for tests that cut and restore the webhook. */
export { webhookSink } from '../../plugins/whatsapp_ops/session-service/webhook-sink.js';

export const TEST_SHARED_SECRET = 'session-service-test-secret-0123456789';

/** Fast simulated receipts so tests see delivered and read within a second. */
export const FAST_SANDBOX = { deliveredAfterMs: 40, readAfterMs: 80, pollIntervalMs: 20 };

/** The Baileys engine at test speed: no send pacing, quick reconnects, a short wait for the first QR. */
export const FAST_BAILEYS = {
  authSecret: 'baileys-test-auth-secret-0123456789',
  sendIntervalMs: 0,
  sendJitterMs: 0,
  reconnectBaseMs: 20,
  reconnectMaxMs: 200,
  qrWaitMs: 3000,
  resumeStaggerMs: 0,
  logLevel: 'silent',
};

let instance = 0;
/** An engine name of its own per test, so rows of other tests in the shared database are never touched. */
export const uniqueEngineName = (prefix: string) => `${prefix}-${process.pid}-${++instance}`;

/** The session service on the run's database and a real port; environment variables are ignored. */
export async function startSessionService(
  overrides: Record<string, any> = {},
  options: { socketFactory?: SocketFactory } = {},
): Promise<SessionService & { url: string }> {
  const config = loadSessionServiceConfig(
    {},
    {
      port: 0,
      database: { url: await sharedDatabaseUrl(), poolMax: 4 },
      sharedSecret: TEST_SHARED_SECRET,
      logLevel: 'silent',
      sandbox: FAST_SANDBOX,
      engineName: uniqueEngineName('ss'),
      ...overrides,
    },
  );
  const service = await buildSessionService(config, { logger: false, ...options });
  const url = await service.listen();
  return Object.assign(service, { url });
}

/** The service's engine as the simulation it is by default, for tests that inject traffic. */
export function sandboxEngineOf(service: SessionService): SandboxEngine {
  if (!(service.engine instanceof SandboxEngine))
    throw new Error(`the service runs the ${service.engine.label.engine} engine`);
  return service.engine;
}
