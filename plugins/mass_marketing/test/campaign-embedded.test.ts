import { expect } from 'chai';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { pgliteTemplates } from '../../../test/helpers/database-templates.js';
import { rows } from '../../../test/helpers/ops-kernel.js';
import { FAST_SANDBOX, uniqueEngineName } from '../../../test/helpers/session-service-instance.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { caller } from './helpers.js';
import {
  allLogs,
  FAST_ENGINE,
  freshPhones,
  listWith,
  marketingLine,
  perPhone,
  sandboxOutbound,
  untilStatus,
} from './campaign-helpers.js';

/**
 * Campaigns on the embedded engine (PGlite behind its wire server), which the server uses when there
 * is no DATABASE_URL. PGlite runs one transaction at a time: the campaign engine's parallel claim
 * and send transactions, the sandbox's workers and the receipts' ingestion all queue for it. The
 * kernel gets a fresh data folder of its own whatever TEST_DATABASE says, so this runs on PGlite
 * in every test run.
 */
describe('mass_marketing on the embedded database: a campaign on PGlite', function () {
  this.timeout(60_000);

  let dataDir: string;
  let k: TestKernel;
  let shopId: number;
  let c: ReturnType<typeof caller>;
  let lines: any[];
  let phones: string[];
  let blacklisted: string;
  let campaign: any;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sb-mm-embedded-'));
    // The folder a first start leaves (initdb and migrations done): this test's subject is the
    // campaign, and those two cost a minute of a loaded machine (test/embedded-postgres.test.ts has them).
    await cp(join(await pgliteTemplates(), 'migrated', 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
    k = await bootKernel({
      groups: ['customers', 'whatsapp_ops', 'mass_marketing'],
      overrides: {
        // No url: the kernel starts the embedded engine in dataDir, as the server does without DATABASE_URL.
        database: { url: undefined, dataDir },
        groups: {
          whatsapp_ops: {
            enabled: true,
            config: { sandbox: { engineName: uniqueEngineName('mm-emb'), ...FAST_SANDBOX } },
          },
          mass_marketing: { enabled: true, config: { engine: FAST_ENGINE } },
        },
      },
    });
    const shop = await k.shops.create({
      name: 'Embedded shop',
      credits: 1_000_000,
      locale: 'es-ES',
      timezone: 'Europe/Madrid',
    });
    shopId = shop.shopId;
    c = caller(k, shop.token);
    lines = [await marketingLine(k, shop.token, '+34711400001'), await marketingLine(k, shop.token, '+34711400002')];
    phones = freshPhones(31);
    blacklisted = phones[11]!;
    await c.ok('add_to_blacklist', { action: 'add', phone: blacklisted });
    campaign = (
      await c.ok('create_campaign', {
        action: 'create',
        name: 'Embedded',
        message_text: 'Hola {nombre}, novedades de {tienda}',
        list_id: await listWith(c, phones),
      })
    ).campaign;
    const started = await c.ok('start_campaign', { campaign_id: campaign.id });
    expect(started.run).to.include({ recipients_total: 30, members_total: 31, excluded_count: 1 });
    await untilStatus(c, campaign.id, 'completed', 30_000);
  });
  after(async () => {
    await k?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('runs on the embedded engine in its own data folder', async () => {
    expect(k.embedded).to.equal(true);
    const [{ version }] = await rows(k, 'select version()');
    expect(version).to.match(/PostgreSQL/);
    expect(k.config.database.url).to.equal(undefined);
  });

  it('the sandbox network carried exactly one message to each eligible phone, over both lines', async () => {
    const sent = await sandboxOutbound(k, shopId);
    const counts = perPhone(sent);
    expect(sent).to.have.length(30);
    expect([...counts.keys()].sort()).to.deep.equal(phones.filter((p) => p !== blacklisted).sort());
    expect([...counts.values()].every((n) => n === 1)).to.equal(true);
    const perLine = lines.map((l) => sent.filter((m) => m.session_key === l.session_key).length);
    expect(Math.min(...perLine), `messages per line: ${perLine}`).to.be.greaterThan(0);
    expect(perLine[0]! + perLine[1]!).to.equal(30);
    const first = sent.find((m) => m.peer_phone === phones[0])!;
    expect(first.text).to.match(
      new RegExp(
        `^Hola Contact 0, novedades de Embedded shop\\n\\nPara darte de baja: http://[^/]+/mass-marketing/unsubscribe/${shopId}\\.\\d+\\.[A-Za-z0-9_-]{22}$`,
      ),
    );
  });

  it('the receipts reach the recipient rows: every row is delivered and read', async () => {
    await waitFor(
      'every recipient row to be read',
      async () => (await allLogs(c, campaign.id)).every((l) => l.status === 'read'),
      20_000,
    );
    const logs = await allLogs(c, campaign.id);
    expect(logs).to.have.length(30);
    expect(logs.every((l) => l.sent_at && l.delivered_at && l.read_at && l.credits_charged === 1000)).to.equal(true);
    expect(new Set(logs.map((l) => l.session_id))).to.deep.equal(new Set(lines.map((l) => l.id)));
  });

  it('get_mass_marketing_stats adds up: per campaign, per run, overall, and against the credits ledger', async () => {
    const one = await c.ok('get_mass_marketing_stats', { campaign_id: campaign.id });
    expect(one).to.include({ campaign_id: campaign.id, status: 'completed' });
    expect(one.stats).to.include({
      recipients_total: 30,
      sent_total: 30,
      delivered_total: 30,
      read_total: 30,
      replied_total: 0,
      unsubscribed_total: 0,
      delivery_rate: 1,
      read_rate: 1,
      credits_spent: 30_000,
    });
    const counted = Object.values(one.stats.counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(counted, JSON.stringify(one.stats.counts)).to.equal(30);
    expect(one.stats.counts).to.include({ read: 30, pending: 0, sending: 0, failed: 0, skipped: 0 });
    expect(one.runs).to.have.length(1);
    expect(one.runs[0]).to.include({ recipients_total: 30, sent_total: 30, read_total: 30, credits_spent: 30_000 });

    const all = await c.ok('get_mass_marketing_stats', {});
    expect(all.overall).to.include({
      recipients_total: 30,
      sent_total: 30,
      delivered_total: 30,
      read_total: 30,
      credits_spent: 30_000,
    });
    expect(all.campaigns_by_status).to.include({ completed: 1 });
    expect(all.campaigns.map((x: any) => x.id)).to.deep.equal([campaign.id]);

    const [{ credits_balance }] = await rows(k, 'select credits_balance from shops where id = ?', [shopId]);
    expect(Number(credits_balance)).to.equal(1_000_000 - one.stats.credits_spent);
  });
});
