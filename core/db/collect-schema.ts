import type { EntitySchema } from '@mikro-orm/postgresql';
import type { NamedMigration } from './migration-renames.js';
import { KernelError } from '../errors/kernel-error.js';
import type { LoadedPlugin } from '../plugin/load-plugins.js';
import { kernelEntities, kernelMigrations } from './kernel-schema.js';

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
  return { entities, migrations };
}
