import { KernelError } from '../errors/kernel-error.js';
import type { LoadedPlugin } from './load-plugins.js';

/**
 * Depth-first topological order; dependencies come before the groups that need them. Optional
 * dependencies order the groups when both are enabled and are ignored otherwise.
 */
export function orderByDependencies(plugins: LoadedPlugin[]): LoadedPlugin[] {
  const byName = new Map(plugins.map((p) => [p.plugin.name, p]));
  for (const { plugin } of plugins) {
    for (const dep of plugin.dependencies ?? []) {
      if (!byName.has(dep)) {
        throw new KernelError(
          'KRN_ERR_GROUP_DEPENDENCY_MISSING',
          `group "${plugin.name}" depends on group "${dep}", which is not enabled`,
          { group: plugin.name, dependency: dep },
        );
      }
    }
  }
  const ordered: LoadedPlugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      const cycle = [...path.slice(path.indexOf(name)), name];
      throw new KernelError(
        'KRN_ERR_GROUP_DEPENDENCY_CYCLE',
        `groups depend on each other in a cycle: ${cycle.join(' → ')}`,
        { groups: cycle },
      );
    }
    state.set(name, 'visiting');
    const entry = byName.get(name)!;
    const optional = (entry.plugin.optionalDependencies ?? []).filter((dep) => byName.has(dep));
    for (const dep of [...(entry.plugin.dependencies ?? []), ...optional]) visit(dep, [...path, name]);
    state.set(name, 'done');
    ordered.push(entry);
  };
  for (const name of [...byName.keys()].sort()) visit(name, []);
  return ordered;
}
