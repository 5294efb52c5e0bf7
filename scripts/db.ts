import { loadConfig } from '../core/config/load-config.js';
import { DB_USAGE, parseDbCommand } from './lib/db-commands.js';
import { runCli } from './lib/run-cli.js';

await runCli(async (argv) => {
  if (argv[0] === 'help') return DB_USAGE;
  const operation = parseDbCommand(argv);
  return JSON.stringify(await operation(await loadConfig()));
}, DB_USAGE);
