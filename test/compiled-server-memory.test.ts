import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedDatabaseUrl } from './helpers/global-database.js';
import { freePort, spawnServer, waitForReady, type ServerProcess } from './helpers/server-process.js';

const RECORDER = join(import.meta.dirname, 'fixtures/load-recorder/record-loads.mjs');

// What `npm start`'s server never loads: a module, once loaded, stays in memory for good.
describe('the compiled server on an up-to-date database leaves out what it does not need', function () {
  this.timeout(180_000);
  let server: ServerProcess;
  let dir: string;
  let loadedFile: string;
  const loaded = async () => (await readFile(loadedFile, 'utf8')).split('\n');

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-memory-'));
    loadedFile = join(dir, 'loaded.txt');
    server = await spawnServer(
      await freePort(),
      {
        DATABASE_URL: await sharedDatabaseUrl(),
        SWITCHBOARD_SECRET: 'memory-secret-memory-secret-01234567',
        LOADED_MODULES_FILE: loadedFile,
      },
      { nodeFlags: ['--import', RECORDER] },
    );
    await waitForReady(server);
  });
  after(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('records the modules it loads (so that an absence below means something)', async () => {
    expect((await loaded()).some((url) => url.endsWith('/core/transport/operator-routes.js'))).to.equal(true);
  });

  it('counts pending migrations for /ready without loading the migrator', async () => {
    const ready = await fetch(`${server.url}/ready`);
    expect(ready.status).to.equal(200);
    expect(await ready.json()).to.deep.equal({ status: 'ready', database: 'up', pending_migrations: 0 });
    const migrator = (await loaded()).filter((url) =>
      /\/node_modules\/(umzug|@mikro-orm\/migrations\/Migrator)/.test(url),
    );
    expect(migrator).to.deep.equal([]);
  });

  it('loads the packages that only some calls use at their first use, not at start', async () => {
    const atRest = ['sanitize-html', 'htmlparser2', 'diff', 'csv-parse', 'qrcode', 'file-type'];
    const early = (await loaded()).filter((url) => atRest.some((name) => url.includes(`/node_modules/${name}/`)));
    expect(early).to.deep.equal([]);
  });

  it('serves the browser scripts bundled by the build, without esbuild', async () => {
    for (const path of ['/widget/embed.js', '/voice/web/button.js']) {
      const script = await fetch(`${server.url}${path}`);
      expect(script.status, path).to.equal(200);
      const code = await script.text();
      // One minified script for a page: no module syntax left to resolve.
      expect(code.length, path).to.be.greaterThan(1000);
      expect(code, path).to.not.match(/^\s*(import|export)\s/m);
    }
    expect((await loaded()).filter((url) => url.includes('/node_modules/esbuild/'))).to.deep.equal([]);
  });
});
