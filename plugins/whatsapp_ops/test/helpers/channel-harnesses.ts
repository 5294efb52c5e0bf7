import Fastify, { type FastifyInstance } from 'fastify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createOrm } from '../../../../test/helpers/kernel-internals.js';
import { sharedDatabaseUrl } from '../../../../test/helpers/global-database.js';
import type {
  ChannelEngine,
  ChannelEvent,
  ChannelEventHandler,
  ChannelPort,
  CreatedSession,
  SessionRef,
} from '../../channel/channel-port.js';
import type { ChannelErrorCode } from '../../channel/channel-error.js';
import { SandboxAdapter } from '../../channel/sandbox-adapter.js';
import { SessionServiceAdapter } from '../../channel/session-service-adapter.js';
import { SandboxEngine } from '../../sandbox/sandbox-engine.js';
import { sandboxEntities, sandboxMigrationsFullNames } from '../../sandbox/sandbox-schema.js';
import { sandboxPairingRoutes } from '../../sandbox/pairing-routes.js';
import { http } from '../../../../test/helpers/http.js';
import { waitFor } from '../../../../test/helpers/wait-for.js';
import {
  FAST_BAILEYS,
  FAST_SANDBOX,
  startSessionService,
  TEST_SHARED_SECRET,
  uniqueEngineName,
} from '../../../../test/helpers/session-service-instance.js';
import type { SocketFactory } from '../../session-service/baileys/engine-socket.js';
import { startWebhookReceiver } from './webhook-receiver.js';
import { ScriptedWhatsApp } from './scripted-whatsapp.js';

/** One adapter with everything the port contract needs to drive and observe it. */
export interface ChannelHarness {
  port: ChannelPort;
  /** Events the attached handler accepted, in arrival order. */
  events: ChannelEvent[];
  /** The next n handler calls (each a batch) throw, as a consumer that is down would. */
  failNextDeliveries(n: number): void;
  /** How many handler calls were refused so far. */
  refusedDeliveries(): number;
  inject(session: SessionRef, from: string, text: string): Promise<void>;
  /** Sandbox records with this idempotency key: the ground truth of what was sent. */
  records(sessionKey: string, idempotencyKey: string): Promise<number>;
  /** Stops and rebuilds the engine (and service) on the same database; `port` is replaced. */
  restart(): Promise<void>;
  /** What status() of a deleted session fails with (adapters that keep line state). */
  deletedSessionCode: ChannelErrorCode;
  /** The engine every status and pairing answer must name. */
  label: { engine: ChannelEngine; sandbox: boolean; notice: RegExp };
  /** True when pairing goes through a link to open (the sandbox); a real network pairs by QR only. */
  pairsByLink: boolean;
  /** The reason of the session.disconnected a logout reports (default logged_out; WAHA reports its session stopped). */
  logoutReason?: string;
  /** What the phone does to pair the session (adapters with pairing); resolves once the port reports it connected. */
  pair(session: CreatedSession): Promise<void>;
  /** For adapters without pairing: the registered number a line is made of. */
  externalId?: string;
  /** A line the network does not know. */
  unknownSession: SessionRef;
  /** Where the network throttles (the Cloud API): what one line may send a second, and how far apart to one customer. */
  throttle?: { perSecond: number; pairIntervalMs: number };
  close(): Promise<void>;
}

export interface HarnessFactory {
  name: string;
  start(): Promise<ChannelHarness>;
}

export function eventRecorder() {
  const events: ChannelEvent[] = [];
  let failing = 0;
  let refused = 0;
  const handler: ChannelEventHandler = async (batch) => {
    if (failing > 0) {
      failing--;
      refused++;
      throw new Error('consumer is down');
    }
    events.push(...batch);
  };
  return { events, handler, failNextDeliveries: (n: number) => void (failing = n), refusedDeliveries: () => refused };
}

const countRecords = (orm: MikroORM, sessionKey: string, idempotencyKey: string, table = 'sandbox_messages') =>
  orm.em
    .getConnection()
    .execute<{ n: number }[]>(`select count(*)::int as n from ${table} where session_key = ? and idempotency_key = ?`, [
      sessionKey,
      idempotencyKey,
    ])
    .then((rows) => rows[0]!.n);

const SANDBOX_EXPECTED = { engine: 'sandbox' as const, sandbox: true, notice: /sandbox/i };

/** Opening the sandbox's pairing link is what pairs it. */
async function openPairingLink(port: ChannelPort, session: CreatedSession): Promise<void> {
  const res = await http('GET', session.pairing.pairingUrl!, { headers: { accept: 'application/json' } });
  if (res.status !== 200) throw new Error(`the pairing link answered ${res.status}`);
  await waitFor('connected', async () => (await port.status(session)).status === 'connected');
}

/** The embedded default: the engine in-process, its pairing routes on a small app of their own. */
export const sandboxHarness: HarnessFactory = {
  name: 'sandbox adapter',
  async start() {
    const orm = await createOrm({
      url: await sharedDatabaseUrl(),
      entities: sandboxEntities,
      migrations: sandboxMigrationsFullNames,
      poolMax: 4,
    });
    await orm.getMigrator().up();
    const name = uniqueEngineName('sbx');
    const recorder = eventRecorder();
    let app: FastifyInstance;
    let engine: SandboxEngine;
    const boot = async () => {
      app = Fastify({ logger: false });
      let base = '';
      engine = new SandboxEngine({ em: orm.em, name, pairingBaseUrl: () => base, timings: FAST_SANDBOX, log: app.log });
      await app.register(sandboxPairingRoutes, { engine });
      base = await app.listen({ host: '127.0.0.1', port: 0 });
      const adapter = new SandboxAdapter(engine);
      adapter.setEventHandler(recorder.handler);
      engine.start();
      harness.port = adapter;
    };
    const stop = async () => {
      await engine.stop();
      await app.close();
    };
    const harness: ChannelHarness = {
      port: undefined as unknown as ChannelPort,
      events: recorder.events,
      failNextDeliveries: recorder.failNextDeliveries,
      refusedDeliveries: recorder.refusedDeliveries,
      inject: async (session, from, text) =>
        void (await engine.injectInbound({ sessionKey: session.sessionKey, from, text })),
      records: (sessionKey, key) => countRecords(orm, sessionKey, key),
      restart: async () => {
        await stop();
        await boot();
      },
      deletedSessionCode: 'session_not_found',
      label: SANDBOX_EXPECTED,
      pairsByLink: true,
      pair: (session) => openPairingLink(harness.port, session),
      unknownSession: { sessionKey: 'ses_unknown' },
      close: async () => {
        await stop();
        await orm.close();
      },
    };
    await boot();
    return harness;
  },
};

/** What differs between the session service's engines in the harness. */
interface ServiceEngineParts {
  overrides: Record<string, unknown>;
  socketFactory?: SocketFactory;
  /** Where the engine records its messages. */
  table: string;
  inject(service: RunningService, session: SessionRef, from: string, text: string): Promise<void>;
  label: ChannelHarness['label'];
  pairsByLink: boolean;
  pair(port: ChannelPort, session: CreatedSession): Promise<void>;
}

type RunningService = Awaited<ReturnType<typeof startSessionService>>;

/** The direct session service over real HTTP, its events arriving through the signed webhook. */
async function startServiceHarness(parts: ServiceEngineParts): Promise<ChannelHarness> {
  const recorder = eventRecorder();
  let adapter: SessionServiceAdapter;
  const receiver = await startWebhookReceiver(TEST_SHARED_SECRET, (events) => adapter.deliver(events));
  const engineName = uniqueEngineName('ssa');
  let service: RunningService;
  const boot = async () => {
    service = await startSessionService(
      { ...parts.overrides, webhook: { url: receiver.url }, engineName },
      { socketFactory: parts.socketFactory },
    );
    adapter = new SessionServiceAdapter({
      baseUrl: service.url,
      sharedSecret: TEST_SHARED_SECRET,
      timeoutMs: 5000,
      retryDelayMs: 50,
    });
    adapter.setEventHandler(recorder.handler);
    harness.port = adapter;
  };
  const harness: ChannelHarness = {
    port: undefined as unknown as ChannelPort,
    events: recorder.events,
    failNextDeliveries: recorder.failNextDeliveries,
    refusedDeliveries: recorder.refusedDeliveries,
    inject: (session, from, text) => parts.inject(service, session, from, text),
    records: (sessionKey, key) => countRecords(service.orm, sessionKey, key, parts.table),
    restart: async () => {
      await service.close();
      await boot();
    },
    // The session's API key is deleted with it, so the service no longer knows the caller.
    deletedSessionCode: 'unauthorized',
    label: parts.label,
    pairsByLink: parts.pairsByLink,
    pair: (session) => parts.pair(harness.port, session),
    unknownSession: { sessionKey: 'ses_unknown' },
    close: async () => {
      await service.close();
      await receiver.close();
    },
  };
  await boot();
  return harness;
}

/** The session service with its default engine, the simulation, driven through its sandbox routes. */
export const sessionServiceHarness: HarnessFactory = {
  name: 'session-service adapter',
  start: () =>
    startServiceHarness({
      overrides: {},
      table: 'sandbox_messages',
      inject: async (service, session, from, text) => {
        const res = await http('POST', `${service.url}/sandbox/sessions/${session.sessionKey}/inbound`, {
          headers: { 'x-api-key': session.apiKey! },
          json: { from, text },
        });
        if (res.status !== 201) throw new Error(`inject answered ${res.status}: ${JSON.stringify(res.body)}`);
      },
      label: SANDBOX_EXPECTED,
      pairsByLink: true,
      pair: openPairingLink,
    }),
};

/**
 * The direct session service with the Baileys engine on a scripted WhatsApp: the engine's real
 * code (auth state in PostgreSQL, reconnect policy, outbox, webhook) with the network's side
 * played by ScriptedWhatsApp. Pairing is a scanned QR (the account arrives, then 515); inbound is a
 * `messages.upsert` of type notify; receipts are the network's status updates 2, 3, 4.
 */
export const baileysSessionServiceHarness: HarnessFactory = {
  name: 'session-service adapter, Baileys engine on a scripted network',
  start: () => {
    const network = new ScriptedWhatsApp();
    network.autoReceipts = true;
    let inbound = 0;
    return startServiceHarness({
      overrides: { engine: 'baileys', baileys: FAST_BAILEYS },
      socketFactory: network.factory,
      table: 'baileys_messages',
      inject: async (_service, session, from, text) =>
        network
          .socketOf(session.sessionKey)
          .receive({ id: `3EB0INBOUND${++inbound}`, remoteJid: `${from.replace(/^\+/, '')}@s.whatsapp.net`, text }),
      label: { engine: 'baileys', sandbox: false, notice: /WhatsApp/ },
      pairsByLink: false,
      pair: async (port, session) => {
        network.socketOf(session.sessionKey).scanned('34600999888');
        await waitFor('connected', async () => (await port.status(session)).status === 'connected');
      },
    });
  },
};
