import { loadConfig } from '../core/config/load-config.js';
import { ShopService } from '../core/tenancy/shop-service.js';
import { TokenService } from '../core/auth/token-service.js';
import { ensureSchema, openDatabase } from './lib/open-database.js';
import { parseShopCommand, SHOP_USAGE } from './lib/shop-commands.js';
import { runCli } from './lib/run-cli.js';

await runCli(async (argv) => {
  if (argv[0] === 'help') return SHOP_USAGE;
  const operation = parseShopCommand(argv);
  const config = await loadConfig();
  // Shops and tokens are the kernel's: the groups learn of a new shop from the server (shop.created).
  const db = await openDatabase(config, { groups: [] });
  try {
    await ensureSchema(db, config.database.migrateOnStart);
    const groups = Object.entries(config.groups)
      .filter(([, entry]) => entry.enabled)
      .map(([name]) => name);
    return JSON.stringify(
      await operation({ shops: new ShopService(db.orm.em), tokens: new TokenService(db.orm.em), groups }),
    );
  } finally {
    await db.close();
  }
}, SHOP_USAGE);
