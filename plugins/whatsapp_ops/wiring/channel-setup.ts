import type { SetupContext } from '../../../core/index.js';
import type { ChannelPort } from '../channel/channel-port.js';
import { SandboxAdapter } from '../channel/sandbox-adapter.js';
import { SessionServiceAdapter } from '../channel/session-service-adapter.js';
import { sessionServiceWebhookRoute } from '../channel/session-service-webhook-route.js';
import { SendLedger } from '../channel/send-ledger.js';
import { NumberPacer } from '../channel/cloud-api/number-pacer.js';
import { ChannelRegistry } from '../channel/providers/channel-registry.js';
import { cloudWebhookRoute } from '../channel/cloud-api/cloud-webhook-route.js';
import { SandboxEngine } from '../sandbox/sandbox-engine.js';
import { sandboxPairingRoutes } from '../sandbox/pairing-routes.js';
import { sandboxControlRoutes } from '../sandbox/sandbox-control-routes.js';
import type { WhatsappOpsConfig } from '../config.js';
import { eventRouter } from './event-router.js';
import { shopSessionAuthorizer } from './sandbox-authorizer.js';
import { ChannelWorkers } from './channel-workers.js';
import { cloudWebhookTarget } from './cloud-webhook-target.js';
import { GroupCommit } from './group-commit.js';
import { wahaWebhookRoute } from '../channel/waha/waha-webhook-route.js';
import { wahaWebhookTarget } from './waha-webhook-target.js';
import { evolutionWebhookRoute } from '../channel/evolution/evolution-webhook-route.js';
import { evolutionWebhookTarget } from './evolution-webhook-target.js';

/**
 * Builds the installation's channel port the config names, the registry that adds the shops' own
 * providers per line, and mounts the routes on the main server:
 * - sandbox: the engine in-process, its pairing links (what "scanning the QR" opens), and the
 *   control routes that inject inbound messages and receipts, only in this mode, for the shop
 *   that owns the session (Bearer token);
 * - session-service: the HTTP client of the direct session service and the signed webhook route
 *   its events arrive on;
 * - always: the webhooks of the shops' providers (Cloud API, WAHA, Evolution API), one URL per provider;
 *   the Cloud API's notifications are stored in groups (group commit: Meta posts one per status).
 * The registry is provided to the services; the workers to the manifest's onReady and onClose.
 */
export async function setupChannel(setup: SetupContext<WhatsappOpsConfig>): Promise<void> {
  const { app, config } = setup;
  let installation: ChannelPort;
  let engine: SandboxEngine | undefined;
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
      onEvents: (events) => adapter.deliver(events),
    });
    installation = adapter;
  } else {
    const { engineName, ...timings } = config.sandbox;
    engine = new SandboxEngine({
      em: setup.rootEm,
      name: engineName,
      pairingBaseUrl: setup.baseUrl,
      timings,
      log: setup.log,
    });
    await app.register(sandboxPairingRoutes, { engine });
    await app.register(sandboxControlRoutes, { engine, authorize: shopSessionAuthorizer(setup) });
    installation = new SandboxAdapter(engine);
  }

  const workers = new ChannelWorkers(setup, engine);
  const router = eventRouter(setup);
  const registry = new ChannelRegistry(
    installation,
    {
      config,
      guard: setup.resolve('networkGuard'),
      ledger: new SendLedger(setup.ownStatements),
      publicBaseUrl: () => setup.baseUrl(),
      pacer: new NumberPacer(setup.ownStatements, config.cloudApi),
      onLineStop: (stop) => workers.recordStop(stop),
    },
    router,
  );
  const grouped = new GroupCommit(router, config.cloudApi.webhookGroup);
  await app.register(cloudWebhookRoute, {
    target: cloudWebhookTarget(setup, (events, owner) => grouped.submit(events, owner)),
  });
  await app.register(wahaWebhookRoute, { target: wahaWebhookTarget(setup) });
  await app.register(evolutionWebhookRoute, { target: evolutionWebhookTarget(setup) });
  setup.provide('chatappChannelRegistry', registry);
  setup.provide('chatappChannelWorkers', workers);
}
