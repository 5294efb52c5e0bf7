import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { sharedDatabaseUrl } from './helpers/global-database.js';
import { freePort, postRpc, spawnServer, waitForReady, type ServerProcess } from './helpers/server-process.js';

describe('the compiled server (npm start)', function () {
  this.timeout(180_000);
  let k: TestKernel;
  let server: ServerProcess;
  let dir: string;

  before(async () => {
    k = await bootKernel({ groups: ['general'] });
    dir = await mkdtemp(join(tmpdir(), 'sb-compiled-'));
    const config = join(dir, 'config.json');
    // A third-party group written in TypeScript: the compiled server loads tsx for it alone.
    await writeFile(
      config,
      JSON.stringify({ groups: { invoices: { enabled: true, resolve: '@acme/switchboard-invoices' } } }),
    );
    // `npm start`'s compiled server (the run's build) with the package condition that names it.
    server = await spawnServer(await freePort(), {
      DATABASE_URL: await sharedDatabaseUrl(),
      SWITCHBOARD_CONFIG: config,
      SWITCHBOARD_SECRET: 'compiled-secret-compiled-secret-0123',
    });
    await waitForReady(server);
  });
  after(async () => {
    await server?.stop();
    await k?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const call = async (token: string, name: string, args: Record<string, unknown> = {}) =>
    (
      await postRpc(
        server.url,
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
        token,
      )
    ).body.result;

  it('serves the built-in groups compiled', async () => {
    const { token } = await k.newShop('Compiled');
    expect((await call(token, 'ping', { message: 'hi' })).structuredContent).to.deep.include({
      success: true,
      shop: 'Compiled',
      echo: 'hi',
    });
  });

  it('runs a TypeScript third-party group on the same kernel: its coded errors stay coded', async () => {
    const { token } = await k.newShop();
    const result = await call(token, 'get_invoice', { invoice_id: 999_999 });
    // A second copy of the kernel's ToolError (core/index.ts beside dist/) would make this internal_error.
    expect(result.isError).to.equal(true);
    expect(result.structuredContent).to.include({ success: false, error_code: 'not_found' });
  });
});
