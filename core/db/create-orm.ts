import { createRequire } from 'node:module';
import type { MikroORM as AnyMikroORM } from '@mikro-orm/core';
import type * as Migrations from '@mikro-orm/migrations';
import { MikroORM, type EntitySchema, type Options, type SqlEntityManager } from '@mikro-orm/postgresql';
import { KernelError } from '../errors/kernel-error.js';
import { tenantFilter, isTenantOwned, TenantWriteGuard } from '../tenancy/tenant-filter.js';
import { TenantEntityManager } from '../tenancy/tenant-entity-manager.js';
import { applyMigrationRenames, type NamedMigration } from './migration-renames.js';

const require = createRequire(import.meta.url);

/**
 * The migrator, loaded when first asked for (`orm.getMigrator()` stays as it is): it and umzug
 * hold 3.7 MB of heap that a server whose database is up to date never uses (see
 * pendingMigrations()).
 */
const lazyMigrator = {
  register(orm: AnyMikroORM) {
    orm.config.registerExtension('@mikro-orm/migrator', () => {
      const { Migrator } = require('@mikro-orm/migrations') as typeof Migrations;
      return new Migrator(orm.em as SqlEntityManager);
    });
  },
};

export interface OrmOptions {
  url: string;
  entities: EntitySchema[];
  migrations: NamedMigration[];
  poolMax: number;
  debug?: boolean;
  /**
   * Tells this ORM's transactions apart from another's in the same process (MikroORM finds the
   * current transaction by this name): an operator command holding two databases open sets it.
   */
  contextName?: string;
}

/**
 * One ORM for the kernel and every enabled group. The tenant filter's entity list is derived
 * from the discovered metadata, so an entity is tenant-scoped exactly when it has a shopId.
 */
export async function createOrm(options: OrmOptions): Promise<MikroORM> {
  const tenantEntities = options.entities.filter((e) => isTenantOwned(e.meta)).map((e) => e.meta.className);
  const config: Options = {
    clientUrl: options.url,
    entities: options.entities,
    allowGlobalContext: false,
    // A misspelt DATABASE_URL must fail boot, not silently create an empty database.
    ensureDatabase: false,
    forceUndefined: false,
    processOnCreateHooksEarly: true,
    discovery: { warnWhenNoEntities: false },
    filters: { tenant: tenantFilter(tenantEntities) },
    subscribers: [new TenantWriteGuard()],
    entityManager: TenantEntityManager,
    extensions: [lazyMigrator],
    migrations: {
      migrationsList: options.migrations,
      tableName: 'schema_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    pool: { min: 0, max: options.poolMax },
    debug: options.debug ?? false,
    ...(options.contextName && { contextName: options.contextName }),
  };
  const orm = await MikroORM.init(config);
  // init only warns when it cannot connect; a server without its database must not start.
  const check = await orm.checkConnection();
  if (!check.ok) {
    await orm.close();
    throw new KernelError('KRN_ERR_DATABASE', `cannot connect to the database: ${check.reason}`);
  }
  await applyMigrationRenames(orm, options.migrations);
  return orm;
}

/**
 * How many of these migrations the database lacks, read from the migrator's own table: the server
 * starts and answers /ready without loading the migrator. The migrator still decides what runs; a
 * name recorded otherwise than listed only counts here as missing.
 */
export async function pendingMigrations(orm: MikroORM, migrations: NamedMigration[]): Promise<number> {
  const connection = orm.em.getConnection();
  const [{ present }] = await connection.execute<{ present: boolean }[]>(
    `select to_regclass('schema_migrations') is not null as present`,
  );
  if (!present) return migrations.length;
  const done = new Set(
    (await connection.execute<{ name: string }[]>('select name from schema_migrations')).map((r) => r.name),
  );
  return migrations.filter((m) => !done.has(m.name)).length;
}
