import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { expect } from 'chai';
import { bootKernel, TEST_KERNEL_SECRET, type TestKernel } from './helpers/boot.js';
import { TestDatabase } from './helpers/test-database.js';
import { runScript, type ScriptRun } from './helpers/run-script.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../core/db/embedded-postgres.js';

const dbCli = (args: string[], env: Record<string, string>) => runScript('db', args, env);

const json = (run: ScriptRun) => {
  expect(run.code, run.stderr).to.equal(0);
  return JSON.parse(run.stdout);
};

/** The answers a shop's client sees; identical before and after a move means nothing was lost. */
async function answers(k: TestKernel, token: string) {
  const call = async (name: string, args: Record<string, unknown> = {}) => (await k.call(token, name, args)).payload;
  const profile = await k.rpc(
    { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'shop://profile' } },
    token,
  );
  return {
    profile: profile.body.result,
    credits: await call('get_credits_balance'),
    movements: await call('list_credit_movements'),
    tickets: await call('list_ai_tickets'),
    customers: await call('list_customers'),
    crm: await call('list_crm_customers'),
    lists: await call('list_contact_lists'),
    calendars: await call('list_calendars'),
  };
}

describe('moving data: embedded → backup → restore → PostgreSQL, with identical answers', function () {
  this.timeout(600_000);

  let dir: string;
  let engineA: EmbeddedPostgres;
  let k: TestKernel;
  let token: string;
  let original: Awaited<ReturnType<typeof answers>>;
  const env = (dataDir: string) => ({ DATA_DIR: dataDir, SWITCHBOARD_SECRET: TEST_KERNEL_SECRET, LOG_LEVEL: 'error' });

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-transfer-'));
    engineA = await startEmbeddedPostgres(join(dir, 'a'));
    k = await bootKernel({ databaseUrl: engineA.url, overrides: { database: { createDemoShop: false } } });
    ({ token } = await k.newShop('Moving shop', { credits: 5_000 }));
    const ok = async (name: string, args: Record<string, unknown>) => {
      const { payload } = await k.call(token, name, args);
      expect(payload.success, `${name}: ${JSON.stringify(payload)}`).to.equal(true);
      return payload;
    };
    await ok('create_ai_ticket', { action: 'create', title: 'Broken zip — ½ price?', phone: '+34600111222' });
    await ok('create_ai_ticket', { action: 'create', title: 'Second', phone: '+34600111333', priority: 'P1' });
    await ok('create_crm_customer', { action: 'create', whatsapp_number: '+34600111444' });
    const { list } = await ok('create_contact_list', { action: 'create', name: 'VIP "quotes" \\ and ünïcode' });
    await ok('import_contacts_manual', { list_id: list.id, numbers: '+34600111555, +34600111666, not-a-number' });
    await ok('create_calendar', { name: 'Salon', timezone: 'Europe/Madrid' });
    original = await answers(k, token);
  });
  after(async () => {
    await k?.close();
    await engineA?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('backs up while the server runs, restores into a new folder, copies to PostgreSQL; every answer is the same', async () => {
    const file = join(dir, 'shop.backup');
    const backup = json(await dbCli(['backup', '--out', file], env(join(dir, 'a'))));
    expect(backup.rows.tickets).to.be.greaterThan(1);
    expect(backup.secret_fingerprint).to.match(/^[0-9a-f]{16}$/);

    const restored = json(await dbCli(['restore', '--in', file], env(join(dir, 'b'))));
    expect(restored.restored).to.deep.equal(backup.rows);

    const target = await TestDatabase.createEmpty();
    try {
      const copied = json(await dbCli(['copy-to-postgres', '--to', target.url], env(join(dir, 'b'))));
      expect(copied.verified).to.equal(true);
      expect(copied.copied).to.deep.equal(backup.rows);
      expect(copied.next.join(' ')).to.match(/DATABASE_URL=/);

      const moved = await bootKernel({ databaseUrl: target.url, overrides: { database: { createDemoShop: false } } });
      try {
        expect(await answers(moved, token)).to.deep.equal(original);
        // Sequences continue after the copied ids: new rows do not collide.
        const made = await moved.call(token, 'create_ai_ticket', {
          action: 'create',
          title: 'After',
          phone: '+34600111777',
        });
        expect(made.payload.success, JSON.stringify(made.payload)).to.equal(true);
      } finally {
        await moved.close();
      }

      // DATABASE_URL names the target when --to is not given; the source stays the data folder.
      const again = await dbCli(['copy-to-postgres'], { ...env(join(dir, 'b')), DATABASE_URL: target.url });
      expect(again.code).to.equal(1);
      expect(again.stderr).to.match(/not empty: table \S+ has rows/);
    } finally {
      await target.drop();
    }
  });

  it('refuses a restore under another secret, a cut-off backup, and a folder that is not empty', async () => {
    const file = join(dir, 'second.backup');
    json(await dbCli(['backup', '--out', file], env(join(dir, 'a'))));

    const otherSecret = await dbCli(['restore', '--in', file], {
      ...env(join(dir, 'c')),
      SWITCHBOARD_SECRET: 'another-secret-another-secret-0123',
    });
    expect(otherSecret.code).to.equal(1);
    expect(otherSecret.stderr).to.match(/sealed with another secret/);

    const cut = join(dir, 'cut.backup');
    const gzip = createGzip();
    const chunks: Buffer[] = [];
    gzip.on('data', (c: Buffer) => chunks.push(c));
    const { readFile } = await import('node:fs/promises');
    const { gunzipSync } = await import('node:zlib');
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    gzip.end(lines.slice(0, -1).join('\n') + '\n');
    await new Promise((resolve) => gzip.on('end', resolve));
    await writeFile(cut, Buffer.concat(chunks));
    const truncated = await dbCli(['restore', '--in', cut], env(join(dir, 'd')));
    expect(truncated.code).to.equal(1);
    expect(truncated.stderr).to.match(/incomplete/);
    // Nothing of the cut-off backup landed: the same folder then takes the whole one.
    expect(json(await dbCli(['restore', '--in', file], env(join(dir, 'd')))).restored.tickets).to.be.greaterThan(1);

    const full = await dbCli(['restore', '--in', file], env(join(dir, 'd')));
    expect(full.code).to.equal(1);
    expect(full.stderr).to.match(/not empty/);
  });
});
