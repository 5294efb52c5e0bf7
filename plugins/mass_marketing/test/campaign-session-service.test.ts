import { expect } from 'chai';
import { bootKernel, TEST_KERNEL_SECRET, type TestKernel } from '../../../test/helpers/boot.js';
import { freePort } from '../../../test/helpers/server-process.js';
import { TestDatabase } from '../../../test/helpers/test-database.js';
import { SecretBox } from '../../../test/helpers/kernel-internals.js';
import { http } from '../../../test/helpers/http.js';
import { rows } from '../../../test/helpers/ops-kernel.js';
import {
  FAST_SANDBOX,
  startSessionService,
  TEST_SHARED_SECRET,
  uniqueEngineName,
  webhookSink,
} from '../../../test/helpers/session-service-instance.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { caller } from './helpers.js';
import {
  allLogs,
  campaignStatus,
  FAST_ENGINE,
  freshPhones,
  listWith,
  perPhone,
  untilStatus,
  type Caller,
} from './campaign-helpers.js';

/**
 * Campaigns when the lines live in the direct session service: the main server sends over HTTP
 * (outside its own database, so nothing rolls back with it) and learns receipts and line changes
 * only from the signed webhook. The service runs on a database of its own, as deployed, so its
 * records are an independent witness of what the network carried.
 */
describe('mass_marketing in session-service mode: a campaign through the direct session service', function () {
  this.timeout(60_000);

  // The service's engine name differs from the main kernel's (unused) sandbox engine: its rows are the only ones read here.
  const serviceEngine = uniqueEngineName('mm-svc');
  let serviceDb: TestDatabase;
  let servicePort: number;
  let service: Awaited<ReturnType<typeof startSessionService>>;
  let k: TestKernel;
  let webhookUrl: string;

  before(async () => {
    serviceDb = await TestDatabase.createEmpty();
    servicePort = await freePort();
    k = await bootKernel({
      groups: ['customers', 'whatsapp_ops', 'mass_marketing'],
      overrides: {
        // Jobs off: nothing here depends on them (the engine is not a job), and listen() would start them.
        jobs: { enabled: false },
        groups: {
          whatsapp_ops: {
            enabled: true,
            config: {
              adapter: 'session-service',
              sessionService: {
                url: `http://127.0.0.1:${servicePort}`,
                sharedSecret: TEST_SHARED_SECRET,
                timeoutMs: 5000,
              },
              sandbox: { engineName: uniqueEngineName('mm-main'), ...FAST_SANDBOX },
            },
          },
          mass_marketing: { enabled: true, config: { engine: FAST_ENGINE } },
        },
      },
    });
    // The webhook needs a real address; listening also makes the server ready, which starts the campaign engine.
    webhookUrl = `${await k.listen()}/webhooks/session-service`;
    service = await startSessionService({
      port: servicePort,
      webhook: { url: webhookUrl },
      engineName: serviceEngine,
      database: { url: serviceDb.url, poolMax: 4 },
    });
  });
  after(async () => {
    await service?.close();
    await k?.close();
    await serviceDb?.drop();
  });

  const newShop = async (name: string, credits = 1_000_000) => {
    const { shopId, token } = await k.shops.create({ name, credits, locale: 'es-ES', timezone: 'Europe/Madrid' });
    return { shopId, token, c: caller(k, token) };
  };
  const balance = async (shopId: number) =>
    Number((await rows(k, 'select credits_balance from shops where id = ?', [shopId]))[0].credits_balance);

  const sessionOf = async (c: Caller, id: number) => (await c.ok('get_chatapp_status', { session_id: id })).session;
  const untilSession = (c: Caller, id: number, status: string) =>
    waitFor(
      `session ${id} to be recorded ${status}`,
      async () => {
        const session = await sessionOf(c, id);
        return session.status === status && session;
      },
      10_000,
    );

  /** What the phone does with the QR: opens the pairing link, which lives at the service (real HTTP). */
  const pair = async (pairingUrl: string, phone: string) => {
    const res = await http('GET', `${pairingUrl}?phone=${encodeURIComponent(phone)}`, {
      headers: { accept: 'application/json' },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  };

  /** connect_chatapp → pair at the service → connected (by webhook) → enabled for mass marketing. */
  const marketingLine = async (c: Caller, phone: string) => {
    const connected = await c.ok('connect_chatapp', { force_new: true });
    expect(connected.session).to.include({ adapter: 'session-service', status: 'awaiting_pairing' });
    await pair(connected.pairing.pairing_url, phone);
    await untilSession(c, connected.session.id, 'connected');
    const { session } = await c.ok('assign_marketing_session', {
      action: 'assign',
      session_id: connected.session.id,
      enable_mass_marketing: true,
    });
    expect(session).to.include({ mass_marketing_enabled: true, status: 'connected' });
    return session;
  };

  /** The network logs the line out (the phone unlinked it), through the service's own route with the line's key. */
  const logoutAtService = async (line: any) => {
    const apiKey = new SecretBox(TEST_KERNEL_SECRET).open(
      (await rows(k, 'select api_key_sealed from chatapp_sessions where id = ?', [line.id]))[0].api_key_sealed,
    );
    const out = await http('POST', `${service.url}/sessions/${line.session_key}/logout`, {
      headers: { 'x-api-key': apiKey },
    });
    expect(out.status, JSON.stringify(out.body)).to.equal(200);
    expect(out.body.session).to.include({ status: 'logged_out' });
  };

  /** connect_chatapp pairs the disconnected line again (a new link from the service); resolves when it is recorded connected. */
  const pairAgain = async (c: Caller, line: any, phone: string) => {
    const again = await c.ok('connect_chatapp', {});
    expect(again).to.deep.include({ reused: true });
    expect(again.session.id).to.equal(line.id);
    await pair(again.pairing.pairing_url, phone);
    await untilSession(c, line.id, 'connected');
  };

  /** The service's own record of the outbound messages of these lines: the ground truth of what the network carried. */
  const networkOutbound = async (
    sessionKeys: string[],
  ): Promise<{ peer_phone: string; session_key: string; text: string | null; idempotency_key: string }[]> =>
    service.orm.em.getConnection().execute(
      `select peer_phone, session_key, text, idempotency_key from sandbox_messages
       where engine = ? and direction = 'outbound' and session_key = any(array(select json_array_elements_text(?::json))) order by id`,
      [serviceEngine, JSON.stringify(sessionKeys)],
    );

  const create = async (c: Caller, listId: number, extra: Record<string, unknown> = {}) =>
    (
      await c.ok('create_campaign', {
        action: 'create',
        name: 'Via the service',
        message_text: 'Hola {nombre} ({telefono}), novedades de {tienda}',
        list_id: listId,
        ...extra,
      })
    ).campaign;

  describe('a campaign over two lines to 40 phones, one blacklisted', () => {
    let shop: Awaited<ReturnType<typeof newShop>>;
    let lines: any[];
    let phones: string[];
    let blacklisted: string;
    let eligible: string[];
    let campaign: any;

    before(async () => {
      shop = await newShop('Service campaign shop');
      lines = [await marketingLine(shop.c, '+34711300001'), await marketingLine(shop.c, '+34711300002')];
      phones = freshPhones(40);
      blacklisted = phones[17]!;
      eligible = phones.filter((p) => p !== blacklisted);
      await shop.c.ok('add_to_blacklist', { action: 'add', phone: blacklisted, reason: 'asked not to be contacted' });
      campaign = await create(shop.c, await listWith(shop.c, phones));
      const started = await shop.c.ok('start_campaign', { campaign_id: campaign.id });
      expect(started.run).to.include({ recipients_total: 39, members_total: 40, excluded_count: 1 });
      await untilStatus(shop.c, campaign.id, 'completed', 30_000);
    });

    it('the service carried exactly one message to every eligible phone and none to the blacklisted one', async () => {
      const carried = await networkOutbound(lines.map((l) => l.session_key));
      const counts = perPhone(carried);
      expect(carried).to.have.length(39);
      expect([...counts.keys()].sort()).to.deep.equal([...eligible].sort());
      expect([...counts.values()].every((n) => n === 1)).to.equal(true);
      expect(counts.has(blacklisted)).to.equal(false);
      // The keys the service recorded are the recipients' own: a resend could only ever repeat one of them.
      const logs = await allLogs(shop.c, campaign.id);
      expect(carried.map((m) => m.idempotency_key).sort()).to.deep.equal(
        logs.map((l) => `campaign-recipient-${l.id}`).sort(),
      );
    });

    it('used both lines in turn', async () => {
      const carried = await networkOutbound(lines.map((l) => l.session_key));
      const [a, b] = lines.map((l) => carried.filter((m) => m.session_key === l.session_key).length);
      expect(a! + b!).to.equal(39);
      // Round robin: the lines alternate, so neither carries more than one message more than the other.
      expect(Math.abs(a! - b!), `line A ${a}, line B ${b}`).to.be.at.most(1);
      const logs = await allLogs(shop.c, campaign.id);
      expect(new Set(logs.map((l) => l.session_id))).to.deep.equal(new Set(lines.map((l) => l.id)));
    });

    it('filled the template variables and appended a personal unsubscribe link on this server', async () => {
      const carried = await networkOutbound(lines.map((l) => l.session_key));
      const i = 3;
      const text = carried.find((m) => m.peer_phone === phones[i])!.text!;
      expect(text).to.match(
        new RegExp(
          `^Hola Contact ${i} \\(\\${phones[i]}\\), novedades de Service campaign shop\\n\\nPara darte de baja: ${k.baseUrl()}/mass-marketing/unsubscribe/${shop.shopId}\\.\\d+\\.[A-Za-z0-9_-]{22}$`,
        ),
      );
      expect(carried.every((m) => !/\{nombre\}|\{telefono\}|\{tienda\}/.test(m.text!))).to.equal(true);
      expect(new Set(carried.map((m) => m.text!.split(': ').pop())).size, 'one link per recipient').to.equal(39);
    });

    it('charged 1000 credits per message', async () => {
      expect(await balance(shop.shopId)).to.equal(1_000_000 - 39 * 1000);
      const logs = await allLogs(shop.c, campaign.id);
      expect(logs).to.have.length(39);
      // (attempts may exceed 1 on a loaded machine: a row claimed more than staleSendingSeconds ago is
      // reconciled with its key — the network records above show it still went out once.)
      const odd = logs.filter((l) => l.credits_charged !== 1000 || l.reason !== null || !l.message_id);
      expect(odd, 'rows charged otherwise or with a reason').to.deep.equal([]);
      const charged = await rows(
        k,
        `select count(*)::int as n, sum(credits_charged)::int as total from chatapp_messages where shop_id = ? and direction = 'outbound' and billing_source = 'campaign'`,
        [shop.shopId],
      );
      expect(charged[0]).to.deep.equal({ n: 39, total: 39_000 });
      expect(logs.some((l) => l.phone === blacklisted)).to.equal(false);
    });

    it('the receipts come back through the signed webhook: every row reaches read, the stats add up', async () => {
      await waitFor(
        'every recipient row to be read',
        async () => (await allLogs(shop.c, campaign.id)).every((l) => l.status === 'read'),
        20_000,
      );
      const logs = await allLogs(shop.c, campaign.id);
      expect(logs.every((l) => l.sent_at && l.delivered_at && l.read_at)).to.equal(true);
      const { stats } = await shop.c.ok('get_campaign', { campaign_id: campaign.id });
      expect(stats).to.include({
        recipients_total: 39,
        sent_total: 39,
        delivered_total: 39,
        read_total: 39,
        delivery_rate: 1,
        read_rate: 1,
        credits_spent: 39_000,
      });
      expect(stats.counts).to.include({ read: 39, pending: 0, sending: 0 });
    });
  });

  it('waits visibly while its only line is logged out at the service, and goes on once the line is paired again', async () => {
    const shop = await newShop('Service line down shop');
    const line = await marketingLine(shop.c, '+34711300003');
    const phones = freshPhones(8);
    await logoutAtService(line);
    await untilSession(shop.c, line.id, 'disconnected');

    const campaign = await create(shop.c, await listWith(shop.c, phones));
    await shop.c.ok('start_campaign', { campaign_id: campaign.id });
    const waiting = await waitFor(
      'the campaign to show it waits for a line',
      async () => (await campaignStatus(shop.c, campaign.id)).waiting ?? false,
      10_000,
    );
    expect(waiting.reason).to.equal('session_not_connected');
    expect((await campaignStatus(shop.c, campaign.id)).status).to.equal('running');
    expect(await networkOutbound([line.session_key])).to.have.length(0);
    expect(await balance(shop.shopId)).to.equal(1_000_000);

    await pairAgain(shop.c, line, '+34711300003');
    const done = await untilStatus(shop.c, campaign.id, 'completed', 20_000);
    expect(done.waiting).to.equal(null);
    const counts = perPhone(await networkOutbound([line.session_key]));
    expect([...counts.keys()].sort()).to.deep.equal([...phones].sort());
    expect([...counts.values()].every((n) => n === 1)).to.equal(true);
    const logs = await allLogs(shop.c, campaign.id);
    expect(logs.every((l) => ['sent', 'delivered', 'read'].includes(l.status))).to.equal(true);
    expect(await balance(shop.shopId)).to.equal(1_000_000 - 8 * 1000);
  });

  it('a line disconnected mid-run (disconnect_chatapp) stops the sending; the campaign waits and then finishes where it left off', async () => {
    const shop = await newShop('Service mid-run shop');
    const line = await marketingLine(shop.c, '+34711300005');
    const phones = freshPhones(8);
    // 500 s × the test scale 0.001: 500 ms between two sends on the line, time enough to disconnect between them.
    const campaign = await create(shop.c, await listWith(shop.c, phones), { send_interval_seconds: 500 });
    await shop.c.ok('start_campaign', { campaign_id: campaign.id });
    await waitFor(
      'two messages on the network',
      async () => (await networkOutbound([line.session_key])).length >= 2,
      10_000,
    );
    await shop.c.ok('disconnect_chatapp', { session_id: line.id });
    const carried = (await networkOutbound([line.session_key])).length;

    const waiting = await waitFor(
      'the campaign to show it waits for a line',
      async () => (await campaignStatus(shop.c, campaign.id)).waiting ?? false,
      10_000,
    );
    expect(waiting.reason).to.equal('session_not_connected');
    await new Promise((r) => setTimeout(r, 600));
    expect(await networkOutbound([line.session_key]), 'nothing goes out while the line is down').to.have.length(
      carried,
    );
    const held = await campaignStatus(shop.c, campaign.id);
    expect(held.status).to.equal('running');
    expect((await shop.c.ok('get_campaign', { campaign_id: campaign.id })).stats.counts.pending).to.equal(8 - carried);

    await pairAgain(shop.c, line, '+34711300005');
    const done = await untilStatus(shop.c, campaign.id, 'completed', 20_000);
    expect(done.waiting).to.equal(null);
    const logs = await allLogs(shop.c, campaign.id);
    expect(
      logs.filter((l) => !['sent', 'delivered', 'read'].includes(l.status)),
      'rows that did not go out',
    ).to.deep.equal([]);
    const counts = perPhone(await networkOutbound([line.session_key]));
    expect([...counts.keys()].sort()).to.deep.equal([...phones].sort());
    expect([...counts.values()].every((n) => n === 1)).to.equal(true);
    expect(await balance(shop.shopId)).to.equal(1_000_000 - 8 * 1000);
  });

  it('a line the network logged out before this server heard of it: the refused sends wait for the line instead of failing', async () => {
    const shop = await newShop('Service late webhook shop');
    const line = await marketingLine(shop.c, '+34711300004');
    const phones = freshPhones(5);
    // The webhook lags (retries, an outage): the service holds its events while the phone unlinks the line.
    service.engine.setSink(null);
    try {
      await logoutAtService(line);
      expect((await sessionOf(shop.c, line.id)).status, 'this server has not heard of it yet').to.equal('connected');
      const campaign = await create(shop.c, await listWith(shop.c, phones));
      await shop.c.ok('start_campaign', { campaign_id: campaign.id });
      // The engine still takes the line for connected: its sends reach the service and are refused (session_not_connected).
      await waitFor(
        'a send to be refused by the service',
        async () =>
          Number(
            (
              await rows(k, `select count(*)::int as n from chatapp_messages where shop_id = ? and status = 'failed'`, [
                shop.shopId,
              ])
            )[0].n,
          ) > 0,
        10_000,
      );
      // Let the engine come back to the refused rows a few times before this server hears of the logout.
      await new Promise((r) => setTimeout(r, 300));
      service.engine.setSink(webhookSink({ url: webhookUrl, secret: TEST_SHARED_SECRET, timeoutMs: 5000 }));
      await untilSession(shop.c, line.id, 'disconnected');
      expect(await networkOutbound([line.session_key])).to.have.length(0);
      expect(await balance(shop.shopId), 'the refused sends were refunded').to.equal(1_000_000);
      const held = await campaignStatus(shop.c, campaign.id);
      expect(held.status, JSON.stringify(await allLogs(shop.c, campaign.id))).to.equal('running');

      await pairAgain(shop.c, line, '+34711300004');
      await untilStatus(shop.c, campaign.id, 'completed', 20_000);
      const logs = await allLogs(shop.c, campaign.id);
      expect(
        logs.filter((l) => !['sent', 'delivered', 'read'].includes(l.status)),
        'rows that did not go out',
      ).to.deep.equal([]);
      const counts = perPhone(await networkOutbound([line.session_key]));
      expect([...counts.keys()].sort()).to.deep.equal([...phones].sort());
      expect([...counts.values()].every((n) => n === 1)).to.equal(true);
      expect(await balance(shop.shopId)).to.equal(1_000_000 - 5 * 1000);
    } finally {
      service.engine.setSink(webhookSink({ url: webhookUrl, secret: TEST_SHARED_SECRET, timeoutMs: 5000 }));
    }
  });
});
