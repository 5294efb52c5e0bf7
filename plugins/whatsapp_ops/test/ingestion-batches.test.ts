import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import type { ChannelEvent, DeliveryStatus } from '../channel/channel-port.js';
import { eventRouter } from '../wiring/event-router.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';
import { inShop, recorded } from '../../../test/fixtures/service-probe/index.js';
import { receivedBatches, statusBatches } from './fixtures/batch-probe/index.js';
import { connectedLine, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { FAST_SANDBOX, uniqueEngineName } from '../../../test/helpers/session-service-instance.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { recordEvent } from '../sandbox/sandbox-outbox.js';

const CUSTOMER = '+34600333444';
const ENGINE = uniqueEngineName('ingb');

describe('whatsapp_ops: channel events in batches', () => {
  let k: TestKernel;
  let shopId: number;
  let token: string;
  let line: any;
  let line2: any;
  let otherShopId: number;
  let otherLine: any;

  before(async () => {
    k = await bootKernel({
      groups: ['whatsapp_ops'],
      overrides: {
        groups: {
          // No simulated receipts: the tests hand the receipts in themselves.
          whatsapp_ops: {
            enabled: true,
            config: {
              sandbox: { engineName: ENGINE, ...FAST_SANDBOX, deliveredAfterMs: 3_600_000, readAfterMs: null },
            },
          },
          service_probe: serviceProbe,
          whatsapp_ops_batch_probe: {
            enabled: true,
            resolve: fileURLToPath(new URL('./fixtures/batch-probe/index.ts', import.meta.url)),
          },
        },
      },
    });
    ({ shopId, token } = await k.newShop('Batch ingestion shop', { credits: 100_000 }));
    line = await connectedLine(k, token, { label: 'Main' }, '+34711000300');
    line2 = await connectedLine(k, token, { label: 'Second' }, '+34711000302');
    const other = await k.newShop('Other batch shop', { credits: 10_000 });
    otherShopId = other.shopId;
    otherLine = await connectedLine(k, other.token, { label: 'Other' }, '+34711000301');
  });
  after(() => k.close());

  let eventNo = 0;
  const send = async (text: string) =>
    (await ok(k, token, 'send_chatapp_message', { phone: CUSTOMER, message: text })).message;
  const receipt = (
    message: { provider_message_id: string },
    status: DeliveryStatus,
    id = `evt_batch_${++eventNo}`,
  ): ChannelEvent => ({
    id,
    type: 'message.status',
    sessionKey: line.session_key,
    occurredAt: new Date(),
    receipt: {
      providerMessageId: message.provider_message_id,
      status,
      error: status === 'failed' ? 'not delivered' : null,
    },
  });
  const inbound = (sessionKey: string, text: string, id = `evt_batch_${++eventNo}`): ChannelEvent => ({
    id,
    type: 'message.received',
    sessionKey,
    occurredAt: new Date(),
    message: { providerMessageId: `pm_${id}`, from: CUSTOMER, text, media: null, timestamp: new Date() },
  });
  const handleMany = (events: ChannelEvent[], shop = shopId) =>
    inShop(k, shop, ({ services }) => services.chatappIngestionService.handleMany(events));
  const statusOf = async (id: number) =>
    (await rows(k, 'select status, error from chatapp_messages where id = ? and shop_id = ?', [id, shopId]))[0];
  const emittedFor = (id: number) =>
    recorded
      .filter((e) => e.name === 'whatsapp_ops.message_status' && e.payload.message_id === id)
      .map((e) => e.payload.status);
  const batchesFor = (id: number) => statusBatches.filter((b) => b.payloads.some((p) => p.message_id === id));

  it('applies each event once: repeats in the batch and redeliveries of the batch change nothing twice', async () => {
    const message = await send('Batch one');
    const delivered = receipt(message, 'delivered');
    const batch = [delivered, { ...delivered }, receipt(message, 'read')];
    expect(await handleMany(batch)).to.deep.equal(['applied', 'duplicate', 'applied']);
    expect(await statusOf(message.id)).to.include({ status: 'read' });
    expect(emittedFor(message.id)).to.deep.equal(['delivered', 'read']);
    // One emission for the whole batch, in the payload shape of one event at a time.
    expect(batchesFor(message.id).map((b) => b.payloads)).to.deep.equal([
      [
        { message_id: message.id, session_id: line.id, phone: CUSTOMER, status: 'delivered' },
        { message_id: message.id, session_id: line.id, phone: CUSTOMER, status: 'read' },
      ],
    ]);

    expect(await handleMany(batch)).to.deep.equal(['duplicate', 'duplicate', 'duplicate']);
    expect(emittedFor(message.id)).to.deep.equal(['delivered', 'read']);
    expect(batchesFor(message.id)).to.have.length(1);
    const processed = await rows(
      k,
      'select count(*)::int as n from chatapp_processed_events where shop_id = ? and event_id = any(?::text[])',
      [shopId, `{${batch.map((e) => e.id).join(',')}}`],
    );
    expect(processed[0].n).to.equal(2);
  });

  it('inbound messages of a batch are stored together, each once, and emitted in one batch; a connection event between them applies in its place', async () => {
    const first = inbound(line.session_key, 'Run one');
    // The network delivering the same message again under another event id, in the batch and later.
    const again = { ...first, id: `evt_batch_${++eventNo}` };
    const second = inbound(line.session_key, 'Run one, second');
    const connected: ChannelEvent = {
      id: `evt_batch_${++eventNo}`,
      type: 'session.connected',
      sessionKey: line2.session_key,
      occurredAt: new Date(),
      phone: '+34711000302',
    };
    const third = inbound(line.session_key, 'Run two');
    const badPhone: ChannelEvent = {
      ...(inbound(line.session_key, 'No number') as Extract<ChannelEvent, { type: 'message.received' }>),
      message: { providerMessageId: 'pm_bad_phone', from: '12', text: 'x', media: null, timestamp: new Date() },
    };
    receivedBatches.length = 0;
    expect(await handleMany([first, again, second, connected, third, badPhone])).to.deep.equal([
      'applied',
      'duplicate',
      'applied',
      'applied',
      'applied',
      'ignored',
    ]);
    expect(receivedBatches.map((b) => b.payloads.map((p) => p.text))).to.deep.equal([
      ['Run one', 'Run one, second'],
      ['Run two'],
    ]);
    const stored = await rows(
      k,
      `select id, text from chatapp_messages where shop_id = ? and provider_message_id = any(?::text[]) order by id`,
      [shopId, `{${[first, second, third].map((e) => (e as any).message.providerMessageId).join(',')}}`],
    );
    expect(stored.map((r) => r.text)).to.deep.equal(['Run one', 'Run one, second', 'Run two']);
    expect(receivedBatches.flatMap((b) => b.payloads.map((p) => p.message_id))).to.deep.equal(stored.map((r) => r.id));
    const [reconnected] = await rows(k, 'select status, connected_at from chatapp_sessions where id = ?', [line2.id]);
    expect(reconnected.status).to.equal('connected');
    expect(new Date(reconnected.connected_at).getTime()).to.equal(connected.occurredAt.getTime());
    // A later delivery of an already stored message under a new event id stores nothing.
    receivedBatches.length = 0;
    expect(await handleMany([{ ...third, id: `evt_batch_${++eventNo}` }])).to.deep.equal(['duplicate']);
    expect(receivedBatches).to.deep.equal([]);
    const [window] = await rows(
      k,
      'select last_session_id from chatapp_contact_windows where shop_id = ? and customer_phone = ?',
      [shopId, CUSTOMER],
    );
    expect(window.last_session_id).to.equal(line.id);
  });

  it('receipts out of order in one batch never move a status backwards', async () => {
    const readFirst = await send('Read first');
    const deliveredThenFailed = await send('Failed after delivery');
    const outcomes = await handleMany([
      receipt(readFirst, 'read'),
      receipt(deliveredThenFailed, 'delivered'),
      receipt(readFirst, 'delivered'),
      receipt(deliveredThenFailed, 'failed'),
    ]);
    expect(outcomes).to.deep.equal(['applied', 'applied', 'ignored', 'ignored']);
    expect(await statusOf(readFirst.id)).to.include({ status: 'read' });
    expect(await statusOf(deliveredThenFailed.id)).to.include({ status: 'delivered', error: null });
    expect(emittedFor(readFirst.id)).to.deep.equal(['read']);
    expect(emittedFor(deliveredThenFailed.id)).to.deep.equal(['delivered']);
  });

  it('a failure receipt records the error with the status', async () => {
    const message = await send('Will fail');
    expect(await handleMany([receipt(message, 'failed')])).to.deep.equal(['applied']);
    expect(await statusOf(message.id)).to.deep.equal({ status: 'failed', error: 'not delivered' });
  });

  it('a receipt for a message not recorded yet refuses the whole batch, which rolls back; its other events then apply on their own', async () => {
    const message = await send('Waits for its neighbour');
    const good = receipt(message, 'delivered');
    const early = receipt({ provider_message_id: 'sbxmid.not-recorded-yet' }, 'delivered');
    const err = await handleMany([good, early]).catch((e) => e);
    expect(err.name).to.equal('EventNotReady');
    expect(await statusOf(message.id)).to.include({ status: 'sent' });
    expect(
      await rows(k, 'select event_id from chatapp_processed_events where shop_id = ? and event_id = ?', [
        shopId,
        good.id,
      ]),
    ).to.deep.equal([]);
    expect(await handleMany([good])).to.deep.equal(['applied']);
    expect(await statusOf(message.id)).to.include({ status: 'delivered' });
  });

  it('inbound messages and receipts mix in one batch; another shop’s session is ignored', async () => {
    const message = await send('Mixed batch');
    const outcomes = await handleMany([
      inbound(line.session_key, 'Hello in a batch'),
      receipt(message, 'read'),
      inbound(otherLine.session_key, 'Not this shop'),
    ]);
    expect(outcomes).to.deep.equal(['applied', 'applied', 'ignored']);
    const stored = await rows(
      k,
      `select shop_id, text from chatapp_messages where direction = 'inbound' and text in ('Hello in a batch', 'Not this shop')`,
    );
    expect(stored).to.deep.equal([{ shop_id: shopId, text: 'Hello in a batch' }]);
  });

  it('the router groups a batch by shop, keeping the order within each shop, one unit of work per shop', async () => {
    const seen: { shopId: number; ids: string[] }[] = [];
    const route = eventRouter({
      rootEm: k.orm.em,
      withShop: async (id, work) =>
        work({
          services: {
            chatappIngestionService: {
              handleMany: async (events: ChannelEvent[]) =>
                void seen.push({ shopId: id, ids: events.map((e) => e.id) }),
            },
          },
        } as any),
      log: { warn: () => undefined } as any,
    });
    const gone = { ...inbound('ses_gone', 'old'), occurredAt: new Date(Date.now() - 3 * 60_000) };
    await route([
      inbound(line.session_key, 'a', 'evt_r1'),
      inbound(otherLine.session_key, 'b', 'evt_r2'),
      gone,
      inbound(line.session_key, 'c', 'evt_r3'),
    ]);
    expect(seen).to.deep.equal([
      { shopId, ids: ['evt_r1', 'evt_r3'] },
      { shopId: otherShopId, ids: ['evt_r2'] },
    ]);

    seen.length = 0;
    const err = await route([
      inbound(line.session_key, 'd', 'evt_r4'),
      inbound('ses_still_committing', 'e', 'evt_r5'),
    ]).catch((e) => e);
    expect(err.message).to.match(/no session ses_still_committing recorded yet/);
    expect(seen).to.deep.equal([]);
  });

  it('end to end: a batch refused for one receipt still delivers the other lines’ events; the refused one is retried, its line’s later events behind it', async () => {
    const message = await send('End to end');
    const queued = await inShop(k, shopId, async ({ em }) => {
      // A receipt that arrives before its message is recorded, among events of other lines and shops.
      const at = new Date();
      recordEvent(
        em,
        ENGINE,
        line2.session_key,
        { type: 'message.status', data: { provider_message_id: 'sbxmid.later', status: 'delivered', error: null } },
        at,
      );
      recordEvent(
        em,
        ENGINE,
        otherLine.session_key,
        {
          type: 'message.received',
          data: {
            provider_message_id: 'pm_e2e_1',
            from: CUSTOMER,
            text: 'Other shop, after the refused one',
            media: null,
            timestamp: at.toISOString(),
          },
        },
        at,
      );
      recordEvent(
        em,
        ENGINE,
        line2.session_key,
        {
          type: 'message.received',
          data: {
            provider_message_id: 'pm_e2e_2',
            from: CUSTOMER,
            text: 'Same line, behind the refused one',
            media: null,
            timestamp: at.toISOString(),
          },
        },
        at,
      );
      recordEvent(
        em,
        ENGINE,
        line.session_key,
        {
          type: 'message.status',
          data: { provider_message_id: message.provider_message_id, status: 'read', error: null },
        },
        at,
      );
      return at;
    });
    const storedTexts = async () =>
      (await rows(k, `select text from chatapp_messages where provider_message_id like 'pm_e2e_%' order by text`)).map(
        (r) => r.text,
      );
    await waitFor(
      'the other lines’ events',
      async () =>
        (await statusOf(message.id)).status === 'read' &&
        (await storedTexts()).includes('Other shop, after the refused one'),
    );
    const eventRow = async (pm: string) =>
      (
        await rows(
          k,
          `select attempts, state, last_error, next_attempt_at from sandbox_events where payload->'data'->>'provider_message_id' = ?`,
          [pm],
        )
      )[0];
    const refused = await eventRow('sbxmid.later');
    expect(refused).to.include({ state: 'pending', attempts: 1 });
    expect(refused.last_error).to.match(/no message sbxmid.later recorded yet/);
    expect(new Date(refused.next_attempt_at).getTime()).to.be.at.least(queued.getTime() + 1000);
    expect(await storedTexts()).to.deep.equal(['Other shop, after the refused one']);
    // Retried with backoff (1 s, then 2 s …); the line's later event goes with it each time.
    await waitFor('the retry', async () => (await eventRow('sbxmid.later')).attempts >= 2, 5000);
    expect((await eventRow('pm_e2e_2')).state).to.equal('pending');
  });
});
