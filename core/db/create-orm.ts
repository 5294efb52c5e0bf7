import { MikroORM, type EntitySchema, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { KernelError } from '../errors/kernel-error.js';
import { tenantFilter, isTenantOwned, TenantWriteGuard } from '../tenancy/tenant-filter.js';
import { TenantEntityManager } from '../tenancy/tenant-entity-manager.js';
import { applyMigrationRenames, type NamedMigration } from './migration-renames.js';

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
    extensions: [Migrator],
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
