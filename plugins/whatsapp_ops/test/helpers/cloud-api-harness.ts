import Fastify from 'fastify';
import { CloudApiAdapter } from '../../channel/cloud-api/cloud-api-adapter.js';
import { GraphClient } from '../../channel/cloud-api/graph-client.js';
import { graphTransport } from '../../channel/cloud-api/graph-transport.js';
import { NetworkGuard } from '../../../../test/helpers/kernel-internals.js';
import { CLOUD_WEBHOOK_PREFIX, cloudWebhookRoute } from '../../channel/cloud-api/cloud-webhook-route.js';
import { SendLedger } from '../../channel/send-ledger.js';
import { NumberPacer } from '../../channel/cloud-api/number-pacer.js';
import type { ChannelPort } from '../../channel/channel-port.js';
import { bootOps } from '../../../../test/helpers/ops-kernel.js';
import { GraphApiFake } from '../fakes/graph-api-fake.js';
import { eventRecorder, type ChannelHarness, type HarnessFactory } from './channel-harnesses.js';

export const CONTRACT_WABA = '102290129340398';
export const CONTRACT_NUMBER = {
  id: '106540352242922',
  display_phone_number: '+34 711 00 01 00',
  verified_name: 'Tienda Luna',
};
const TOKEN = 'EAAJB-contract-token-0123456789';
const APP_SECRET = 'contract-app-secret-0123456789';
const VERIFY_TOKEN = 'contract-verify-token';
const PROVIDER_KEY = 'prv_contract';
/** The fake's limits, and the pacer's (a little wider apart than the fake's pair rate). */
const THROTTLE = { perSecond: 80, pairIntervalMs: 200 };

/**
 * The Cloud API adapter against the local Graph API fake over real HTTP, its events arriving
 * through the signed webhook route on a receiver of its own. A kernel is booted only for its
 * migrated database (the send ledger's table); the adapter is driven directly.
 */
export const cloudApiHarness: HarnessFactory = {
  name: 'cloud_api adapter',
  async start() {
    const k = await bootOps();
    const { shopId } = await k.newShop('Cloud contract shop');
    const fake = await new GraphApiFake({
      enforceWindow: false,
      numberRatePerSecond: THROTTLE.perSecond,
      pairIntervalMs: THROTTLE.pairIntervalMs,
    }).start();
    const pacer = new NumberPacer(k.ownStatements, {
      messagesPerSecond: THROTTLE.perSecond,
      pairIntervalMs: THROTTLE.pairIntervalMs + 50,
    });
    fake.addAccount({ wabaId: CONTRACT_WABA, token: TOKEN, numbers: [CONTRACT_NUMBER] });
    const guard = new NetworkGuard({ allowLoopback: true });
    const recorder = eventRecorder();
    const lines = new Map<string, string>();
    let adapter: CloudApiAdapter;
    const receiver = Fastify({ logger: false });
    await receiver.register(cloudWebhookRoute, {
      target: async (key) =>
        key !== PROVIDER_KEY
          ? null
          : {
              verifyToken: VERIFY_TOKEN,
              appSecret: APP_SECRET,
              lines: async (ids) =>
                new Map(ids.flatMap((id) => (lines.has(id) ? [[id, lines.get(id)!] as const] : []))),
              deliver: (events) => adapter.deliver(events),
            },
    });
    const receiverUrl = await receiver.listen({ host: '127.0.0.1', port: 0 });
    fake.subscribe(CONTRACT_WABA, {
      url: `${receiverUrl}${CLOUD_WEBHOOK_PREFIX}/${PROVIDER_KEY}`,
      appSecret: APP_SECRET,
    });
    const boot = () => {
      adapter = new CloudApiAdapter({
        shopId,
        providerId: 1,
        wabaId: CONTRACT_WABA,
        client: new GraphClient({
          baseUrl: fake.url,
          version: fake.version,
          token: TOKEN,
          timeoutMs: 5000,
          // The production transport, the fake being on loopback.
          ...graphTransport(guard),
        }),
        // A new ledger, as a restarted process has: only the database remembers.
        ledger: new SendLedger(k.ownStatements),
        pacer,
        throttle: { retries: 3, backoffMs: 200 },
        onLineStop: () => {},
      });
      const create = adapter.createSession.bind(adapter);
      adapter.createSession = async (input) => {
        const created = await create(input);
        lines.set(created.externalId!, created.sessionKey);
        return created;
      };
      adapter.setEventHandler(recorder.handler);
      harness.port = adapter;
    };
    const harness: ChannelHarness = {
      port: undefined as unknown as ChannelPort,
      events: recorder.events,
      failNextDeliveries: recorder.failNextDeliveries,
      refusedDeliveries: recorder.refusedDeliveries,
      inject: async (_session, from, text) => {
        fake.customerWrites(CONTRACT_NUMBER.id, from, { text });
      },
      records: async (_sessionKey, key) => fake.sent.filter((m) => m.bizOpaque === key).length,
      restart: async () => boot(),
      deletedSessionCode: 'session_not_found',
      label: { engine: 'cloud_api', sandbox: false, notice: /Cloud API/ },
      // A registered number is connected when it is made: nothing to pair.
      pairsByLink: false,
      pair: async () => {
        throw new Error('a Cloud API number has no pairing');
      },
      externalId: CONTRACT_NUMBER.id,
      unknownSession: { sessionKey: 'cla_unknown', externalId: '999000111222' },
      throttle: THROTTLE,
      close: async () => {
        await fake.close();
        await guard.close();
        await receiver.close();
        await k.close();
      },
    };
    boot();
    return harness;
  },
};
