import type { MikroORM } from '@mikro-orm/postgresql';
import type { SwitchboardConfig } from '../../core/config/config-schema.js';
import { collectSchema } from '../../core/db/collect-schema.js';
import { createOrm } from '../../core/db/create-orm.js';
import { connectToDataDir, type EmbeddedPostgres } from '../../core/db/embedded-postgres.js';
import { KernelError } from '../../core/errors/kernel-error.js';
import { loadPlugins } from '../../core/plugin/load-plugins.js';

export interface OperatorDatabase {
  orm: MikroORM;
  close(): Promise<void>;
}

/**
 * The server's database with the kernel's and the enabled groups' entities: DATABASE_URL, else
 * the embedded database in the data folder — through the running server's socket when a server
 * owns the folder, or opened here (and locked against a server start) for the command's duration.
 *
 * `groups` narrows what is loaded to the groups a command works on (none: the kernel alone). Its
 * schema check and migrations then cover those only: a command that creates a shop needs the
 * kernel's tables, and loading all 28 groups cost it two thirds of its start; the server migrates
 * the rest when it starts.
 */
export async function openDatabase(
  config: Readonly<SwitchboardConfig>,
  options: { contextName?: string; groups?: string[] } = {},
): Promise<OperatorDatabase> {
  const loaded = options.groups
    ? { ...config, groups: Object.fromEntries(options.groups.map((name) => [name, config.groups[name]!])) }
    : config;
  const { entities, migrations } = collectSchema(await loadPlugins(loaded));
  const { contextName } = options;
  let embedded: EmbeddedPostgres | undefined;
  const url = config.database.url ?? (embedded = await connectToDataDir(config.database.dataDir)).url;
  try {
    const orm = await createOrm({ url, entities, migrations, poolMax: 2, contextName });
    return {
      orm,
      async close() {
        await orm.close();
        await embedded?.close();
      },
    };
  } catch (err) {
    await embedded?.close();
    throw err instanceof KernelError ? err : new KernelError('KRN_ERR_DATABASE', (err as Error).message);
  }
}

/**
 * Applies pending migrations when the configuration lets the server do so at start; otherwise
 * refuses to work on a schema that is behind, rather than failing later on a missing column.
 */
export async function ensureSchema(db: OperatorDatabase, migrateOnStart: boolean): Promise<void> {
  const migrator = db.orm.getMigrator();
  if (migrateOnStart) {
    await migrator.up();
    return;
  }
  const pending = await migrator.getPendingMigrations();
  if (pending.length > 0) {
    throw new KernelError(
      'KRN_ERR_DATABASE',
      `${pending.length} migration(s) pending (${pending.map((m) => m.name).join(', ')}); run npm run migrate first`,
    );
  }
}
