import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { REPO_ROOT } from './harness/groups-under-test.js';
import { callAs, probeFailure, type IsolationFixture } from './harness/isolation.js';

const run = promisify(execFile);

/** Runs a command from the repository root; resolves with its exit code and output, never throws. */
async function sh(command: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, SWITCHBOARD_TOOL_COVERAGE: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const newPlugin = (...args: string[]) =>
  sh(process.execPath, ['--import', 'tsx/esm', 'scripts/new-plugin.ts', ...args]);

describe('npm run new-plugin', function () {
  this.timeout(120_000);
  // Inside the repository (tmp/ is ignored by git, tsc and mocha) so the scaffold resolves chai and tsx.
  let parent: string;
  let folder: string;
  let created: Awaited<ReturnType<typeof newPlugin>>;

  before(async () => {
    await mkdir(join(REPO_ROOT, 'tmp'), { recursive: true });
    parent = await mkdtemp(join(REPO_ROOT, 'tmp', 'new-plugin-'));
    folder = join(parent, 'loyalty_points');
    created = await newPlugin('loyalty_points', '--dir', parent);
  });
  after(async () => {
    if (parent) await rm(parent, { recursive: true, force: true });
  });

  it('scaffolds the standard folder shape and says what to do next', async () => {
    expect(created.code, created.stderr).to.equal(0);
    for (const file of [
      'index.ts',
      'surface.ts',
      'define.ts',
      'errors.ts',
      'README.md',
      'tools/outputs.ts',
      'entities/loyalty-points-item.entity.ts',
      'migrations/0001-init.ts',
      'services/loyalty-points-service.ts',
      'tools/create-loyalty-points-item.ts',
      'tools/get-loyalty-points-item.ts',
      'test/loyalty-points.test.ts',
      'test/isolation.fixture.ts',
    ]) {
      expect(existsSync(join(folder, file)), file).to.equal(true);
    }
    expect(created.stdout).to.include('Next:').and.include('resolve').and.include('docs/plugins.md');
    const readme = await readFile(join(folder, 'README.md'), 'utf8');
    expect(readme).to.include('create_loyalty_points_item').and.include('get_loyalty_points_item');
  });

  it('refuses to overwrite a group that already exists in plugins/', async () => {
    const general = await newPlugin('general');
    expect(general.code).to.equal(2);
    expect(general.stderr).to.include('plugins/general already exists');
  });

  it('refuses an existing folder and bad names, with a usage error', async () => {
    const again = await newPlugin('loyalty_points', '--dir', parent);
    expect(again.code).to.equal(2);
    expect(again.stderr).to.include('already exists');
    const bad = ['Loyalty', '1points', 'loyalty-points', 'loyalty__points', 'points_', 'x'.repeat(41)];
    const results = await Promise.all(bad.map((name) => newPlugin(name, '--dir', parent)));
    results.forEach((res, i) => {
      expect(res.code, bad[i]).to.equal(2);
      expect(res.stderr, bad[i]).to.include('not a valid group name');
      expect(existsSync(join(parent, bad[i]!)), bad[i]).to.equal(false);
    });
    expect((await newPlugin('--dir', parent)).stderr).to.include('the group name is missing');
  });

  describe('the scaffolded group', () => {
    let k: TestKernel;
    before(async () => {
      k = await bootKernel({
        groups: [],
        overrides: { groups: { loyalty_points: { enabled: true, resolve: join(folder, 'index.ts') } } },
      });
    });
    after(async () => {
      await k?.close();
    });

    it('boots through config resolve and its tools work', async () => {
      const shop = await k.newShop('Scaffold shop');
      const made = await k.call(shop.token, 'create_loyalty_points_item', { title: 'Gold' });
      expect(made.payload).to.deep.include({ success: true });
      expect(made.payload.item).to.include({ title: 'Gold' });
      const got = await k.call(shop.token, 'get_loyalty_points_item', { item_id: made.payload.item.id });
      expect(got.payload).to.deep.equal({ success: true, item: made.payload.item });
    });

    it('ships an isolation fixture the harness accepts', async () => {
      const fixture = (await import(pathToFileURL(join(folder, 'test', 'isolation.fixture.ts')).href))
        .default as IsolationFixture;
      const shopA = await k.newShop('Scaffold A');
      const asA = callAs(k, shopA.token);
      const asB = callAs(k, (await k.newShop('Scaffold B')).token);
      const seed = await fixture.seed(asA, { token: shopA.token, inject: (request) => k.app.inject(request) });
      const before = await fixture.snapshot(asA, seed);
      for (const probe of fixture.probes(seed))
        expect(probeFailure(probe, await asB(probe.tool, probe.args)), probe.tool).to.equal(undefined);
      expect(await fixture.snapshot(asA, seed)).to.deep.equal(before);
    });

    it('ships a test that passes when mocha runs it', async () => {
      const res = await sh(process.execPath, [
        join(REPO_ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js'),
        '--no-config',
        '--import=tsx/esm',
        '--require',
        'test/helpers/global-database.ts',
        '--timeout',
        '60000',
        join(folder, 'test', 'loyalty-points.test.ts'),
      ]);
      expect(res.code, `${res.stdout}\n${res.stderr}`).to.equal(0);
      expect(res.stdout).to.match(/3 passing/);
    });
  });
});
