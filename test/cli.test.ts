import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { hashApiToken } from '../core/auth/api-token.js';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { sharedDatabaseUrl } from './helpers/global-database.js';
import { TestDatabase } from './helpers/test-database.js';
import { runScript, type ScriptRun } from './helpers/run-script.js';
import { UsageError } from '../scripts/lib/cli-errors.js';
import { parseShopCommand } from '../scripts/lib/shop-commands.js';
import { freePort, postRpc, spawnServer, waitForReady, type ServerProcess } from './helpers/server-process.js';

/** stdout must be exactly one line of JSON, so that `$(npm run --silent shop -- ...)` can be parsed. */
function json(run: ScriptRun): any {
  expect(run.code, run.stderr).to.equal(0);
  expect(run.stdout).to.match(/^[{[][^\n]*\n$/);
  return JSON.parse(run.stdout);
}

const UNREACHABLE = 'postgresql://postgres@127.0.0.1:1/nowhere';
const ping = (k: TestKernel, token: string) => k.rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, token);

describe('operator CLI: npm run shop / migrate / tools', function () {
  this.timeout(180_000);

  describe('on PostgreSQL (DATABASE_URL)', () => {
    let k: TestKernel;
    let env: Record<string, string>;
    let created: { shop_id: number; token: string };

    before(async () => {
      env = { DATABASE_URL: await sharedDatabaseUrl() };
      k = await bootKernel({ groups: ['general'] });
    });
    after(() => k.close());

    it('create prints exactly one JSON object {shop_id, token}, and the token works at once', async () => {
      const run = await runScript(
        'shop',
        [
          'create',
          '--name',
          'CLI shop',
          '--max-agents',
          '7',
          '--credits',
          '250',
          '--timezone',
          'europe/madrid',
          '--locale',
          'pt-br',
          '--currency',
          'usd',
        ],
        env,
      );
      created = json(run);
      expect(created).to.have.all.keys('shop_id', 'token');
      expect(created.shop_id).to.be.a('number');
      expect(created.token).to.match(/^sbt_[A-Za-z0-9_-]{43}$/);

      const { payload } = await k.call(created.token, 'ping');
      expect(payload).to.include({ success: true, shop: 'CLI shop' });
      const res = await k.rpc(
        { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'shop://profile' } },
        created.token,
      );
      expect(JSON.parse(res.body.result.contents[0].text)).to.deep.include({
        shop_id: created.shop_id,
        timezone: 'Europe/Madrid',
        locale: 'pt-BR',
        currency: 'USD',
        plan: { max_agents: 7 },
        credits: { balance: 250 },
      });
    });

    it('create applies the defaults for what it is not given', async () => {
      const { shop_id } = json(await runScript('shop', ['create', '--name', '  Plain shop  '], env));
      const [{ createdAt, ...shop }] = (await k.shops.list()).filter((s) => s.id === shop_id);
      expect(Date.now() - createdAt.getTime()).to.be.within(0, 120_000);
      expect(shop).to.deep.equal({
        id: shop_id,
        name: 'Plain shop',
        timezone: 'UTC',
        locale: 'en',
        currency: 'EUR',
        maxAgents: 3,
        creditsBalance: 0,
      });
    });

    it('list prints every shop as a JSON array, never with a token or its hash', async () => {
      const run = await runScript('shop', ['list'], env);
      const shops = json(run);
      expect(shops).to.be.an('array');
      const mine = shops.find((s: any) => s.id === created.shop_id);
      expect(mine).to.deep.equal({
        id: created.shop_id,
        name: 'CLI shop',
        timezone: 'Europe/Madrid',
        locale: 'pt-BR',
        currency: 'USD',
        max_agents: 7,
        credits_balance: 250,
      });
      for (const shop of shops)
        expect(shop).to.have.all.keys('id', 'name', 'timezone', 'locale', 'currency', 'max_agents', 'credits_balance');
      expect(run.stdout).to.not.contain(created.token).and.not.contain(hashApiToken(created.token));
      expect(shops.map((s: any) => s.id)).to.deep.equal([...shops.map((s: any) => s.id)].sort((a, b) => a - b));
    });

    it('rotate-token prints a new token; the old one stops working at once on a running server', async () => {
      expect((await ping(k, created.token)).status).to.equal(200);
      const rotated = json(await runScript('shop', ['rotate-token', '--shop', String(created.shop_id)], env));
      expect(rotated).to.have.all.keys('shop_id', 'token');
      expect(rotated.shop_id).to.equal(created.shop_id);
      expect(rotated.token).to.not.equal(created.token);
      expect((await ping(k, created.token)).status).to.equal(401);
      const { payload } = await k.call(rotated.token, 'ping');
      expect(payload).to.include({ success: true, shop: 'CLI shop' });
      created = rotated;
    });

    it('credit adds credits, prints the balance and writes a ledger row', async () => {
      const result = json(
        await runScript(
          'shop',
          ['credit', '--shop', String(created.shop_id), '--add', '40', '--reason', 'spring promo'],
          env,
        ),
      );
      expect(result).to.deep.equal({ shop_id: created.shop_id, balance: 290 });
      expect(
        json(await runScript('shop', ['credit', '--shop', String(created.shop_id), '--add', '10'], env)),
      ).to.deep.equal({ shop_id: created.shop_id, balance: 300 });
      const ledger = await k.orm.em
        .getConnection()
        .execute('select amount::int, balance_after::int, reason from credit_movements where shop_id = ? order by id', [
          created.shop_id,
        ]);
      expect(ledger).to.deep.equal([
        { amount: 250, balance_after: 250, reason: 'initial_grant' },
        { amount: 40, balance_after: 290, reason: 'spring promo' },
        { amount: 10, balance_after: 300, reason: 'operator_grant' },
      ]);
    });

    it('credit --kind purchase records paid credits; refund takes them back, never below zero', async () => {
      const id = String(created.shop_id);
      expect(
        json(await runScript('shop', ['credit', '--shop', id, '--add', '500', '--kind', 'purchase'], env)),
      ).to.deep.equal({
        shop_id: created.shop_id,
        balance: 800,
      });
      expect(json(await runScript('shop', ['refund', '--shop', id, '--amount', '200'], env))).to.deep.equal({
        shop_id: created.shop_id,
        balance: 600,
      });
      const tooMuch = await runScript('shop', ['refund', '--shop', id, '--amount', '5000'], env);
      expect(tooMuch.code).to.equal(1);
      expect(tooMuch.stderr).to.match(/needs 5000 credits and the shop has 600/);
      const kinds = await k.orm.em
        .getConnection()
        .execute('select kind, amount::int, reason from credit_movements where shop_id = ? order by id', [
          created.shop_id,
        ]);
      expect(kinds.slice(-2)).to.deep.equal([
        { kind: 'purchase', amount: 500, reason: 'operator_purchase' },
        { kind: 'purchase_refund', amount: -200, reason: 'operator_purchase_refund' },
      ]);
      expect((await runScript('shop', ['credit', '--shop', id, '--add', '5', '--kind', 'reward'], env)).code).to.equal(
        2,
      );
      expect((await runScript('shop', ['create', '--name', 'x', '--referral', 'no way!'], env)).code).to.equal(2);
    });

    it('every bad argument is refused with a message naming the flag, before any database is opened', () => {
      const cases: [string[], RegExp][] = [
        [[], /a command is required/],
        [['bogus'], /unknown command "bogus"/],
        [['create'], /--name is required/],
        [['create', '--name', '   '], /--name must be 1 to 200 characters/],
        [['create', '--name', 'x'.repeat(201)], /--name must be 1 to 200 characters/],
        [['create', '--name', 'x', '--max-agents', 'many'], /--max-agents must be a whole number/],
        [['create', '--name', 'x', '--credits', '1.5'], /--credits must be a whole number/],
        [['create', '--name', 'x', '--credits', '-5'], /--credits/],
        [['create', '--name', 'x', '--timezone', 'Mars/Olympus'], /--timezone must be an IANA time zone/],
        [['create', '--name', 'x', '--locale', 'not a locale'], /--locale must be a BCP 47 language tag/],
        [['create', '--name', 'x', '--currency', 'XYZ'], /--currency must be an ISO 4217 currency code/],
        [['create', '--name', 'x', '--colour', 'red'], /Unknown option '--colour'/],
        [['create', '--name'], /argument missing/],
        [['rotate-token'], /--shop is required/],
        [['rotate-token', '--shop', '0'], /--shop must be a whole number from 1/],
        [['rotate-token', '--shop', '99999999999'], /--shop must be a whole number/],
        [['credit', '--shop', '1'], /--add is required/],
        [['credit', '--shop', '1', '--add', '0'], /--add must be a whole number from 1/],
        [['credit', '--shop', '1', '--add', '5', '--reason', 'r'.repeat(65)], /--reason must be 1 to 64 characters/],
        [['list', 'everything'], /Unexpected argument 'everything'/],
      ];
      for (const [args, message] of cases)
        expect(() => parseShopCommand(args), `shop ${args.join(' ')}`).to.throw(UsageError, message);
    });

    it('bad arguments exit 2 with the message on stderr and nothing on stdout, even with no database reachable', async () => {
      const cases: [string[], RegExp][] = [
        [[], /a command is required/],
        [['create', '--name', 'x', '--colour', 'red'], /Unknown option '--colour'/],
        [['create', '--name', 'x', '--timezone', 'Mars/Olympus'], /--timezone must be an IANA time zone/],
        [['credit', '--shop', '1'], /--add is required/],
      ];
      const runs = await Promise.all(cases.map(([args]) => runScript('shop', args, { DATABASE_URL: UNREACHABLE })));
      runs.forEach((run, i) => {
        const [args, message] = cases[i]!;
        expect(run.code, `shop ${args.join(' ')}: ${run.stderr}`).to.equal(2);
        expect(run.stdout, `shop ${args.join(' ')}`).to.equal('');
        expect(run.stderr, `shop ${args.join(' ')}`)
          .to.match(message)
          .and.match(/--help/);
      });
    });

    it('an unknown shop exits 1 with a clear message', async () => {
      const commands = [
        ['rotate-token', '--shop', '2147483000'],
        ['credit', '--shop', '2147483000', '--add', '5'],
      ];
      for (const run of await Promise.all(commands.map((args) => runScript('shop', args, env)))) {
        expect(run.code, run.stderr).to.equal(1);
        expect(run.stdout).to.equal('');
        expect(run.stderr).to.contain('no shop with id 2147483000');
      }
    });

    it('an unreachable database exits 1 naming the cause', async () => {
      const run = await runScript('shop', ['list'], { DATABASE_URL: UNREACHABLE });
      expect(run.code).to.equal(1);
      expect(run.stdout).to.equal('');
      expect(run.stderr).to.match(/KRN_ERR_DATABASE.*ECONNREFUSED/);
    });

    it('--help prints the usage on stdout and exits 0', async () => {
      const run = await runScript('shop', ['--help'], { DATABASE_URL: UNREACHABLE });
      expect(run.code).to.equal(0);
      for (const command of ['create', 'rotate-token', 'list', 'credit']) expect(run.stdout).to.contain(command);
    });

    it('migrate applies every migration to an empty database, then finds nothing to do', async () => {
      const empty = await TestDatabase.createEmpty();
      try {
        const first = await runScript('migrate', [], { DATABASE_URL: empty.url });
        expect(first.code, first.stderr).to.equal(0);
        expect(first.stdout)
          .to.match(/^Applied \d+ migration\(s\):\n/)
          .and.contain('  kernel/0001-init\n');
        const again = await runScript('migrate', [], { DATABASE_URL: empty.url });
        expect(again.code, again.stderr).to.equal(0);
        expect(again.stdout).to.equal('No pending migrations: the database is up to date.\n');
        expect((await runScript('migrate', ['--force'], { DATABASE_URL: empty.url })).code).to.equal(2);
      } finally {
        await empty.drop();
      }
    });

    it('tools prints the catalogue (group, tool, kind, confirmation) without a database', async () => {
      const run = await runScript('tools', [], { DATABASE_URL: UNREACHABLE, SWITCHBOARD_GROUPS: 'general' });
      expect(run.code, run.stderr).to.equal(0);
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines[0]!.split(/\s+/)).to.deep.equal(['GROUP', 'TOOL', 'KIND', 'CONFIRMATION']);
      const rows = lines.slice(1, lines.indexOf('')).map((l) => l.split(/\s+/));
      expect(rows).to.deep.include(['general', 'ping', 'query', 'none']);
      expect(rows.map((r) => r[1])).to.have.members(k.registry.all().map((t) => t.definition.name));
      expect(lines.at(-1)).to.equal(`${rows.length} tool(s) in 1 group(s)`);
    });
  });

  describe('embedded (DATA_DIR, no DATABASE_URL)', () => {
    let dataDir: string;
    let env: Record<string, string>;
    let server: ServerProcess | undefined;
    let first: { shop_id: number; token: string };

    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'sb-cli-'));
      env = { DATA_DIR: dataDir };
    });
    after(async () => {
      await server?.stop('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    });

    it('works on a fresh folder with no server running, and leaves the folder unlocked', async () => {
      first = json(await runScript('shop', ['create', '--name', 'Embedded shop', '--credits', '5'], env));
      expect(first).to.have.all.keys('shop_id', 'token');
      expect(
        json(await runScript('shop', ['credit', '--shop', String(first.shop_id), '--add', '7'], env)),
      ).to.deep.equal({ shop_id: first.shop_id, balance: 12 });
      const shops = json(await runScript('shop', ['list'], env));
      expect(shops).to.deep.equal([
        {
          id: first.shop_id,
          name: 'Embedded shop',
          timezone: 'UTC',
          locale: 'en',
          currency: 'EUR',
          max_agents: 3,
          credits_balance: 12,
        },
      ]);
      expect(existsSync(join(dataDir, 'switchboard.lock'))).to.equal(false);
    });

    it('while a server process runs on the folder, shares its database: new tokens and rotations take effect at once', async () => {
      server = await spawnServer(await freePort(), { DATA_DIR: dataDir });
      await waitForReady(server);
      expect(server.stdout(), 'a folder that already has a shop gets no demo shop').to.not.contain('Created demo shop');
      const call = (token: string) =>
        postRpc(server!.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ping' } }, token);
      expect((await call(first.token)).body.result.structuredContent).to.include({ shop: 'Embedded shop' });

      // The server holds the folder's lock, so these commands can only succeed through its socket.
      const second = json(await runScript('shop', ['create', '--name', 'Created while running'], env));
      expect((await call(second.token)).body.result.structuredContent).to.include({
        success: true,
        shop: 'Created while running',
      });

      const rotated = json(await runScript('shop', ['rotate-token', '--shop', String(first.shop_id)], env));
      expect((await call(first.token)).status).to.equal(401);
      expect((await call(rotated.token)).body.result.structuredContent).to.include({ shop: 'Embedded shop' });

      const shops = json(await runScript('shop', ['list'], env));
      expect(shops.map((s: any) => s.name)).to.deep.equal(['Embedded shop', 'Created while running']);
      const migrate = await runScript('migrate', [], env);
      expect(migrate.stdout).to.equal('No pending migrations: the database is up to date.\n');

      expect(server.child.exitCode, 'the server keeps running').to.equal(null);
      expect(await server.stop('SIGTERM')).to.deep.equal({ code: 0, signal: null });
      server = undefined;
    });
  });
});
