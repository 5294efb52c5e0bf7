import { asValue } from 'awilix';
import type { SetupContext } from '../../../core/index.js';
import type { ChannelPort } from '../channel/channel-port.js';
import { SandboxAdapter } from '../channel/sandbox-adapter.js';
import { SessionServiceAdapter } from '../channel/session-service-adapter.js';
import { sessionServiceWebhookRoute } from '../channel/session-service-webhook-route.js';
import { SandboxEngine } from '../sandbox/sandbox-engine.js';
import { sandboxPairingRoutes } from '../sandbox/pairing-routes.js';
import { sandboxControlRoutes } from '../sandbox/sandbox-control-routes.js';
import type { WhatsappOpsConfig } from '../config.js';
import { eventRouter } from './event-router.js';
import { shopSessionAuthorizer } from './sandbox-authorizer.js';
import { retryUnsentMessages } from './sending-retry.js';

/**
 * Builds the channel port the config names and mounts its routes on the main server:
 * - sandbox: the engine in-process, its pairing links (what "scanning the QR" opens), and the
 *   control routes that inject inbound messages and receipts, only in this mode, for the shop
 *   that owns the session (Bearer token);
 * - session-service: the HTTP client of the direct session service and the signed webhook route
 *   its events arrive on.
 * The port and the config go into DI as `chatappChannel` and `chatappConfig` for the services.
 */
export async function setupChannel(setup: SetupContext<WhatsappOpsConfig>): Promise<void> {
  const { app, config } = setup;
  let port: ChannelPort;
  if (config.adapter === 'session-service') {
    const service = config.sessionService!;
    const adapter = new SessionServiceAdapter({
      baseUrl: service.url,
      sharedSecret: service.sharedSecret,
      timeoutMs: service.timeoutMs,
    });
    await app.register(sessionServiceWebhookRoute, {
      secret: service.sharedSecret,
      path: service.webhookPath,
      onEvent: (event) => adapter.deliver(event),
    });
    port = adapter;
  } else {
    const { engineName, ...timings } = config.sandbox;
    const engine = new SandboxEngine({
      em: setup.rootEm,
      name: engineName,
      pairingBaseUrl: setup.baseUrl,
      timings,
      log: setup.log,
    });
    await app.register(sandboxPairingRoutes, { engine });
    await app.register(sandboxControlRoutes, { engine, authorize: shopSessionAuthorizer(setup) });
    app.addHook('onReady', async () => engine.start());
    app.addHook('onClose', async () => engine.stop());
    port = new SandboxAdapter(engine);
  }
  port.setEventHandler(eventRouter(setup));
  setup.container.register({ chatappChannel: asValue(port), chatappConfig: asValue(config) });

  // Messages a previous run left waiting are sent again at start, without holding up readiness.
  let startupRetry: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    startupRetry = retryUnsentMessages(
      setup.rootEm.fork(),
      (shopId, work) => setup.withShop(shopId, work, { transactional: true }),
      (shopId, err) => setup.log.error({ err, shopId }, 'retrying unsent messages at start failed'),
    ).catch((err) => setup.log.error({ err }, 'retrying unsent messages at start failed'));
  });
  app.addHook('onClose', async () => {
    await startupRetry;
  });
}
