import Fastify from 'fastify';
import { WahaAdapter } from '../../channel/waha/waha-adapter.js';
import { WahaClient } from '../../channel/waha/waha-client.js';
import { wahaWebhookRoute } from '../../channel/waha/waha-webhook-route.js';
import { SendLedger } from '../../channel/send-ledger.js';
import type { ChannelPort } from '../../channel/channel-port.js';
import { bootOps } from '../../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../../test/helpers/wait-for.js';
import { WahaFake, type WahaSentMessage } from '../fakes/waha-fake.js';
import { eventRecorder, type ChannelHarness, type HarnessFactory } from './channel-harnesses.js';
import { ledgerRecords } from './ledger-records.js';
import { guardedTransport } from '../../channel/guarded-open.js';
import { NetworkGuard } from '../../../../test/helpers/kernel-internals.js';

export const WAHA_API_KEY = 'waha-contract-key-0123456789';
export const WAHA_WEBHOOK_SECRET = 'waha-contract-webhook-secret-0123';
const PROVIDER_KEY = 'prv_waha_contract';

/**
 * The WAHA adapter against the local WAHA fake over real HTTP, its events arriving through the
 * signed webhook route (and its QR through the QR route) on a receiver of its own. A kernel is
 * booted only for its migrated database (the send ledger's table); the adapter is driven directly.
 */
export const wahaHarness: HarnessFactory = {
  name: 'waha adapter',
  async start() {
    const k = await bootOps();
    const { shopId } = await k.newShop('WAHA contract shop');
    const fake = await new WahaFake({ apiKey: WAHA_API_KEY }).start();
    const recorder = eventRecorder();
    const lines = new Map<string, string>();
    let adapter: WahaAdapter;
    const receiver = Fastify({ logger: false });
    await receiver.register(wahaWebhookRoute, {
      target: async (key) =>
        key !== PROVIDER_KEY
          ? null
          : {
              webhookSecret: WAHA_WEBHOOK_SECRET,
              line: async (name) => lines.get(name) ?? null,
              deliver: (events) => adapter.deliver(events),
              qrAccess: (name) => adapter.qrAccess(name),
              qrImage: (name) => adapter.qrImage(name),
            },
    });
    const receiverUrl = (await receiver.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
    // The production transport, the fake being on loopback.
    const guard = new NetworkGuard({ allowLoopback: true });
    const boot = () => {
      adapter = new WahaAdapter({
        shopId,
        providerKey: PROVIDER_KEY,
        client: new WahaClient({
          baseUrl: fake.url,
          apiKey: WAHA_API_KEY,
          timeoutMs: 5000,
          ...guardedTransport(guard),
        }),
        // A new ledger, as a restarted process has: only the database remembers.
        ledger: new SendLedger(k.ownStatements),
        webhookSecret: WAHA_WEBHOOK_SECRET,
        publicBaseUrl: () => receiverUrl,
        qrWaitMs: 5000,
        pollMs: 10,
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
      inject: async (session, from, text) => {
        await fake.customerWrites(session.externalId!, from.replace(/\D/g, ''), text).delivered;
      },
      records: (sessionKey, key) =>
        ledgerRecords(
          k,
          sessionKey,
          key,
          fake.sent.filter((m) => lines.get(m.session) === sessionKey).map(asSendInput),
        ),
      restart: async () => boot(),
      deletedSessionCode: 'session_not_found',
      label: { engine: 'waha', sandbox: false, notice: /WAHA/ },
      pairsByLink: false,
      logoutReason: 'stopped',
      pair: async (session) => {
        fake.scan(session.externalId!, '34600999888');
        await waitFor('connected', async () => (await harness.port.status(session)).status === 'connected');
        await waitFor('session.connected', () =>
          recorder.events.some((e) => e.type === 'session.connected' && e.sessionKey === session.sessionKey),
        );
      },
      unknownSession: { sessionKey: 'wah_unknown', externalId: 'sb-unknown' },
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

/** What the fake took, in the port's terms (media captions as the caller's text). */
const asSendInput = (m: WahaSentMessage) =>
  m.file
    ? {
        to: m.to,
        ...(m.caption !== null && { text: m.caption }),
        media: { url: m.file.url, mimeType: m.file.mimetype, ...(m.file.filename && { filename: m.file.filename }) },
      }
    : { to: m.to, text: m.text! };
