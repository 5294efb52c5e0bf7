import { loadSessionServiceConfig } from './service-config.js';
import { buildSessionService } from './build-session-service.js';

/** `npm run session-service`: env → config → service → listen. SIGTERM/SIGINT close gracefully. */
async function main() {
  const config = loadSessionServiceConfig();
  const service = await buildSessionService(config);
  const url = await service.listen();
  const log = service.app.log;
  log.info(
    {
      url,
      engine: config.engine,
      database: config.database.url ? 'DATABASE_URL' : config.database.dataDir,
      webhook: config.webhook.url ?? null,
    },
    `session service listening (${config.engine} engine)`,
  );
  if (!config.webhook.url)
    log.warn('SESSION_SERVICE_WEBHOOK_URL is not set: inbound events and receipts stay queued until it is');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await service.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`session service failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
