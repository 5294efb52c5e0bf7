import Fastify from 'fastify';
import { EvolutionAdapter } from '../../channel/evolution/evolution-adapter.js';
import { EvolutionClient } from '../../channel/evolution/evolution-client.js';
import { evolutionWebhookRoute, type EvolutionLine } from '../../channel/evolution/evolution-webhook-route.js';
import { SendLedger } from '../../channel/send-ledger.js';
import type { ChannelPort } from '../../channel/channel-port.js';
import { bootOps } from '../../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../../test/helpers/wait-for.js';
import { EvolutionFake, type EvolutionSentMessage } from '../fakes/evolution-fake.js';
import { eventRecorder, type ChannelHarness, type HarnessFactory } from './channel-harnesses.js';
import { ledgerRecords } from './ledger-records.js';
import { guardedTransport } from '../../channel/guarded-open.js';
import { NetworkGuard } from '../../../../test/helpers/kernel-internals.js';

export const EVOLUTION_API_KEY = 'evolution-contract-global-key-0123';
const PROVIDER_KEY = 'prv_evolution_contract';

/**
 * The Evolution API adapter against the local Evolution fake over real HTTP, its events arriving
 * through the webhook route (each body checked for its instance's key) on a receiver of its own.
 * A kernel is booted only for its migrated database (the send ledger's table).
 */
export const evolutionHarness: HarnessFactory = {
  name: 'evolution adapter',
  async start() {
    const k = await bootOps();
    const { shopId } = await k.newShop('Evolution contract shop');
    const fake = await new EvolutionFake({ apiKey: EVOLUTION_API_KEY }).start();
    const recorder = eventRecorder();
    const lines = new Map<string, EvolutionLine>();
    let adapter: EvolutionAdapter;
    const receiver = Fastify({ logger: false });
    await receiver.register(evolutionWebhookRoute, {
      target: async (key) =>
        key !== PROVIDER_KEY
          ? null
          : {
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
      adapter = new EvolutionAdapter({
        shopId,
        providerKey: PROVIDER_KEY,
        client: new EvolutionClient({
          baseUrl: fake.url,
          apiKey: EVOLUTION_API_KEY,
          timeoutMs: 5000,
          ...guardedTransport(guard),
        }),
        // A new ledger, as a restarted process has: only the database remembers.
        ledger: new SendLedger(k.ownStatements),
        qrSecret: EVOLUTION_API_KEY,
        publicBaseUrl: () => receiverUrl,
      });
      const create = adapter.createSession.bind(adapter);
      adapter.createSession = async (input) => {
        const created = await create(input);
        lines.set(created.externalId!, { sessionKey: created.sessionKey, instanceKey: created.apiKey! });
        return created;
      };
      adapter.setEventHandler(recorder.handler);
      harness.port = adapter;
    };
    const sessionKeyOf = (name: string) => lines.get(name)?.sessionKey;
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
          fake.sent.filter((m) => sessionKeyOf(m.instance) === sessionKey).map(asSendInput),
        ),
      restart: async () => boot(),
      deletedSessionCode: 'session_not_found',
      label: { engine: 'evolution', sandbox: false, notice: /Evolution API/ },
      pairsByLink: false,
      pair: async (session) => {
        fake.scan(session.externalId!, '34600999888');
        await waitFor('connected', async () => (await harness.port.status(session)).status === 'connected');
        await waitFor('session.connected', () =>
          recorder.events.some((e) => e.type === 'session.connected' && e.sessionKey === session.sessionKey),
        );
      },
      unknownSession: { sessionKey: 'evo_unknown', externalId: 'sb-unknown' },
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
const asSendInput = (m: EvolutionSentMessage) =>
  m.media
    ? {
        to: m.to,
        ...(m.caption !== null && { text: m.caption }),
        media: {
          url: m.media.media,
          mimeType: m.media.mimetype,
          ...(m.media.fileName && { filename: m.media.fileName }),
        },
      }
    : { to: m.to, text: m.text! };
