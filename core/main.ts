import { loadConfig } from './config/load-config.js';
import { buildKernel } from './kernel.js';
import { KernelError } from './errors/kernel-error.js';
import { boundHeapGrowth } from './util/heap-growth.js';
import { checkNodeRuntime } from './node-runtime.js';

/** Entry point: config → kernel → listen. SIGTERM/SIGINT close gracefully. */
async function main() {
  const unsupported = checkNodeRuntime();
  if (unsupported) throw new Error(unsupported);
  boundHeapGrowth();
  const config = await loadConfig();
  const kernel = await buildKernel(config);
  const log = kernel.app.log;

  const demo =
    kernel.embedded && config.database.createDemoShop && (await kernel.shops.count()) === 0
      ? await kernel.shops.create({ name: 'Demo shop', credits: 100_000 })
      : null;

  const url = await kernel.listen();
  if (demo) {
    // Printed once, on purpose: the token is stored only as a hash and cannot be shown again.
    process.stdout.write(
      `\nCreated demo shop ${demo.shopId}. Its API token (shown once, keep it):\n\n  ${demo.token}\n\n` +
        `MCP clients: server URL ${url}/ with header "Authorization: Bearer ${demo.token}".\n\n`,
    );
  }
  log.info(
    { url, node: process.version, groups: kernel.plugins.map((p) => p.plugin.name), embedded: kernel.embedded },
    'switchboard listening',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.server.shutdownGraceMs);
    force.unref();
    await kernel.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  const message =
    err instanceof KernelError || checkNodeRuntime() ? (err as Error).message : ((err as Error).stack ?? String(err));
  process.stderr.write(`switchboard failed to start: ${message}\n`);
  process.exit(1);
});
