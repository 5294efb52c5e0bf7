import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Migration as MikroMigration } from '@mikro-orm/migrations';

const require = createRequire(import.meta.url);

/**
 * MikroORM's migration base class, read from its own file. The package's entry also loads the
 * migrator and what it runs on (umzug and its command-line libraries: 3.7 MB of heap), which a
 * server needs only when its database has migrations to run (create-orm.ts). The migrator, once
 * loaded, gets this same class: both come from the package's CommonJS files.
 */
export const Migration = (
  require(join(dirname(require.resolve('@mikro-orm/migrations')), 'Migration.js')) as {
    Migration: typeof MikroMigration;
  }
).Migration;
