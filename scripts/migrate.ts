import { loadConfig } from '../core/config/load-config.js';
import { UsageError } from './lib/cli-errors.js';
import { openDatabase } from './lib/open-database.js';
import { runCli } from './lib/run-cli.js';

const USAGE = `Usage: npm run migrate

Applies the pending migrations of the kernel and every enabled group, in order, and prints their
names. Database: DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default
./data), shared with the server when it is running.`;

await runCli(async (args) => {
  if (args.length > 0) throw new UsageError(`unexpected argument "${args[0]}"`);
  const db = await openDatabase(await loadConfig());
  try {
    const applied = await db.orm.getMigrator().up();
    if (applied.length === 0) return 'No pending migrations: the database is up to date.';
    return [`Applied ${applied.length} migration(s):`, ...applied.map((m) => `  ${m.name}`)].join('\n');
  } finally {
    await db.close();
  }
}, USAGE);
