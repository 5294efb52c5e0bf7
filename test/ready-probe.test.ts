import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedDatabaseUrl } from './helpers/global-database.js';
import { freePort, spawnServer, waitForReady, type ServerProcess } from './helpers/server-process.js';

const RECORDER = join(import.meta.dirname, 'fixtures/load-recorder/record-loads.mjs');

describe('the readiness probe of a server whose database is up to date', function () {
  this.timeout(180_000);
  let server: ServerProcess;
  let dir: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-ready-'));
  });
  after(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('counts pending migrations without loading the migrator, which would stay in memory for good', async () => {
    const loaded = join(dir, 'loaded.txt');
    server = await spawnServer(
      await freePort(),
      {
        DATABASE_URL: await sharedDatabaseUrl(),
        SWITCHBOARD_SECRET: 'ready-probe-secret-ready-probe-0123',
        LOADED_MODULES_FILE: loaded,
      },
      { nodeFlags: ['--import', RECORDER] },
    );
    await waitForReady(server);
    const ready = await fetch(`${server.url}/ready`);
    expect(ready.status).to.equal(200);
    expect(await ready.json()).to.deep.equal({ status: 'ready', database: 'up', pending_migrations: 0 });
    const modules = (await readFile(loaded, 'utf8')).split('\n');
    // The recorder saw the server's own modules, so an absence below means something.
    expect(modules.some((url) => url.endsWith('/core/transport/operator-routes.js'))).to.equal(true);
    expect(modules.filter((url) => /\/node_modules\/(umzug|@mikro-orm\/migrations\/Migrator)/.test(url))).to.deep.equal(
      [],
    );
  });
});
