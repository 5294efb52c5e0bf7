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
    for (const entity of plugin.entities ?? []) checkShopLookups(plugin.name, entity);
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
  return { entities, migrations };
}

/**
 * Every query of a tenant-owned table names its shop: a `tenantColumn({ indexed: false })` is
 * allowed only where one of the entity's indexes or unique constraints leads with it.
 */
function checkShopLookups(group: string, entity: EntitySchema): void {
  const { meta } = entity;
  const column = meta.properties[TENANT_PROPERTY as never] as { index?: unknown } | undefined;
  if (!column || column.index) return;
  const leads = (list: { properties?: unknown }[] | undefined) =>
    (list ?? []).some(({ properties }) => [properties].flat()[0] === TENANT_PROPERTY);
  if (!leads(meta.indexes) && !leads(meta.uniques))
    throw new KernelError(
      'KRN_ERR_GROUP_INVALID',
      `group "${group}": entity ${meta.className} has no index on ${TENANT_PROPERTY}: give tenantColumn() its own, or an index that leads with it`,
      { group, entity: meta.className },
    );
}
