import Fastify, { type FastifyInstance } from 'fastify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createOrm } from '../../../../test/helpers/kernel-internals.js';
import { sharedDatabaseUrl } from '../../../../test/helpers/global-database.js';
import type { ChannelEvent, ChannelEventHandler, ChannelPort, SessionRef } from '../../channel/channel-port.js';
import type { ChannelErrorCode } from '../../channel/channel-error.js';
import { SandboxAdapter } from '../../channel/sandbox-adapter.js';
import { SessionServiceAdapter } from '../../channel/session-service-adapter.js';
import { SandboxEngine } from '../../sandbox/sandbox-engine.js';
import { sandboxEntities, sandboxMigrationsFullNames } from '../../sandbox/sandbox-schema.js';
import { sandboxPairingRoutes } from '../../sandbox/pairing-routes.js';
import { http } from '../../../../test/helpers/http.js';
import {
  FAST_SANDBOX,
  startSessionService,
  TEST_SHARED_SECRET,
  uniqueEngineName,
} from '../../../../test/helpers/session-service-instance.js';
import { startWebhookReceiver } from './webhook-receiver.js';

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
  /** What status() of a deleted session fails with. */
  deletedSessionCode: ChannelErrorCode;
  close(): Promise<void>;
}

export interface HarnessFactory {
  name: string;
  start(): Promise<ChannelHarness>;
}

function eventRecorder() {
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

const countRecords = (orm: MikroORM, sessionKey: string, idempotencyKey: string) =>
  orm.em
    .getConnection()
    .execute<{ n: number }[]>(
      'select count(*)::int as n from sandbox_messages where session_key = ? and idempotency_key = ?',
      [sessionKey, idempotencyKey],
    )
    .then((rows) => rows[0]!.n);

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
      close: async () => {
        await stop();
        await orm.close();
      },
    };
    await boot();
    return harness;
  },
};

/** The direct session service over real HTTP, its events arriving through the signed webhook. */
export const sessionServiceHarness: HarnessFactory = {
  name: 'session-service adapter',
  async start() {
    const recorder = eventRecorder();
    let adapter: SessionServiceAdapter;
    const receiver = await startWebhookReceiver(TEST_SHARED_SECRET, (event) => adapter.deliver(event));
    const engineName = uniqueEngineName('ssa');
    let service: Awaited<ReturnType<typeof startSessionService>>;
    const boot = async () => {
      service = await startSessionService({ webhook: { url: receiver.url }, engineName });
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
      inject: async (session, from, text) => {
        const res = await http('POST', `${service.url}/sandbox/sessions/${session.sessionKey}/inbound`, {
          headers: { 'x-api-key': session.apiKey! },
          json: { from, text },
        });
        if (res.status !== 201) throw new Error(`inject answered ${res.status}: ${JSON.stringify(res.body)}`);
      },
      records: (sessionKey, key) => countRecords(service.orm, sessionKey, key),
      restart: async () => {
        await service.close();
        await boot();
      },
      // The session's API key is deleted with it, so the service no longer knows the caller.
      deletedSessionCode: 'unauthorized',
      close: async () => {
        await service.close();
        await receiver.close();
      },
    };
    await boot();
    return harness;
  },
};
