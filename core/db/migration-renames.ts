import type { MikroORM } from '@mikro-orm/postgresql';
import type { MigrationObject } from '@mikro-orm/core';

/**
 * A migration that once ran under another name. Databases migrated before the rename record the
 * old name; without carrying it over, the migrator would run the migration a second time.
 */
export interface NamedMigration extends MigrationObject {
  renamedFrom?: string;
}

/** Carries recorded names over to current ones, once, before the migrator reads what has run. */
export async function applyMigrationRenames(orm: MikroORM, migrations: NamedMigration[]): Promise<void> {
  const renames = migrations.filter((m) => m.renamedFrom);
  if (!renames.length) return;
  const connection = orm.em.getConnection();
  const [{ present }] = await connection.execute<{ present: boolean }[]>(
    `select to_regclass('schema_migrations') is not null as present`,
  );
  if (!present) return;
  await connection.transactional(async (trx) => {
    for (const { name, renamedFrom } of renames) {
      await connection.execute(
        `update schema_migrations set name = ? where name = ? and not exists (select 1 from schema_migrations where name = ?)`,
        [name, renamedFrom, name],
        'run',
        trx,
      );
    }
  });
}
