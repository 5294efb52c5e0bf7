import type { EntitySchema } from '@mikro-orm/postgresql';
import type { NamedMigration } from './migration-renames.js';
import { KernelError } from '../errors/kernel-error.js';
import type { LoadedPlugin } from '../plugin/load-plugins.js';
import { kernelEntities, kernelMigrations } from './kernel-schema.js';
import { TENANT_PROPERTY } from '../tenancy/tenant-filter.js';

/**
 * The entities and migrations of the kernel and every enabled group, gathered before the ORM
 * starts. Group migrations are named `<group>/<name>` so two groups can never collide, and run in
 * dependency order after the kernel's.
 */
export function collectSchema(plugins: LoadedPlugin[]): {
  entities: EntitySchema[];
  migrations: NamedMigration[];
} {
  const entities: EntitySchema[] = [...kernelEntities];
  const migrations: NamedMigration[] = [...kernelMigrations];
  for (const { plugin } of plugins) {
    entities.push(...(plugin.entities ?? []));
    const seen = new Set<string>();
    for (const migration of plugin.migrations ?? []) {
      if (seen.has(migration.name)) {
        throw new KernelError(
          'KRN_ERR_GROUP_INVALID',
          `group "${plugin.name}" declares migration "${migration.name}" twice`,
          { group: plugin.name },
        );
      }
      seen.add(migration.name);
      migrations.push({
        name: `${plugin.name}/${migration.name}`,
        class: migration.class,
        ...(migration.renamedFrom && { renamedFrom: `${plugin.name}/${migration.renamedFrom}` }),
      });
    }
  }
  for (const entity of entities) leaveCoveredTenantIndexOut(entity);
  return { entities, migrations };
}

/**
 * Every query of a tenant-owned table names its shop, so `tenantColumn()` is indexed. Where one of
 * the entity's own indexes or unique constraints leads with it, that one serves every lookup by
 * shop, and an index of the column alone would only cost each insert, and each update that moves
 * an indexed column, one more entry: it is left out.
 */
function leaveCoveredTenantIndexOut(entity: EntitySchema): void {
  const { meta } = entity;
  const column = meta.properties[TENANT_PROPERTY as never] as { index?: unknown } | undefined;
  if (column?.index !== true) return;
  const leads = (list: { properties?: unknown }[] | undefined) =>
    (list ?? []).some(({ properties }) => [properties].flat()[0] === TENANT_PROPERTY);
  if (leads(meta.indexes) || leads(meta.uniques)) column.index = false;
}
