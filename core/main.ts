import { loadConfig } from './config/load-config.js';
import { buildKernel } from './kernel.js';
import { KernelError } from './errors/kernel-error.js';
import { boundHeapGrowth } from './util/heap-growth.js';

/** Entry point: config → kernel → listen. SIGTERM/SIGINT close gracefully. */
async function main() {
  boundHeapGrowth();
  const config = await loadConfig();
  const kernel = await buildKernel(config);
  const log = kernel.app.log;

  if (kernel.embedded && config.database.createDemoShop && (await kernel.shops.count()) === 0) {
    const { shopId, token } = await kernel.shops.create({ name: 'Demo shop', credits: 100_000 });
    // Printed once, on purpose: the token is stored only as a hash and cannot be shown again.
    process.stdout.write(
      `\nCreated demo shop ${shopId}. Its API token (shown once, keep it):\n\n  ${token}\n\n` +
        `MCP clients: server URL <base>/ with header "Authorization: Bearer ${token}".\n\n`,
    );
  }

  const url = await kernel.listen();
  log.info(
    { url, groups: kernel.plugins.map((p) => p.plugin.name), embedded: kernel.embedded },
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
  const message = err instanceof KernelError ? err.message : ((err as Error).stack ?? String(err));
  process.stderr.write(`switchboard failed to start: ${message}\n`);
  process.exit(1);
});
