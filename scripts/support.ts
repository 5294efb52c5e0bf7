import { loadConfig } from '../core/config/load-config.js';
import { forkForShop } from '../core/tenancy/fork-for-shop.js';
import { ToolError } from '../core/errors/tool-error.js';
import { SupportDesk } from '../plugins/support/operator/support-desk.js';
import { ensureSchema, openDatabase } from './lib/open-database.js';
import { OperatorError } from './lib/cli-errors.js';
import { parseSupportCommand, SUPPORT_USAGE } from './lib/support-commands.js';
import { runCli } from './lib/run-cli.js';

await runCli(async (argv) => {
  if (argv[0] === 'help') return SUPPORT_USAGE;
  const operation = parseSupportCommand(argv);
  const config = await loadConfig();
  if (!config.groups.support?.enabled)
    throw new OperatorError('the support group is not enabled in this configuration');
  const db = await openDatabase(config, { groups: ['support'] });
  try {
    await ensureSchema(db, config.database.migrateOnStart);
    const desk = new SupportDesk(db.orm.em, (shopId) => forkForShop(db.orm.em, shopId));
    return JSON.stringify(
      await operation(desk).catch((err) => {
        throw err instanceof ToolError ? new OperatorError(`${err.code}: ${err.message}`) : err;
      }),
    );
  } finally {
    await db.close();
  }
}, SUPPORT_USAGE);
