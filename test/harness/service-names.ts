import type { LoadedPlugin } from '../../core/plugin/load-plugins.js';
import type { PluginDefinition } from '../../core/plugin/plugin-types.js';
import type { ServiceAccess } from '../../core/plugin/service-access.js';

/** What a declared prefix must look like: a lower camelCase word, as the names built on it. */
export const PREFIX = /^[a-z][a-zA-Z0-9]*$/;

/** The group's declared `servicePrefix`, or else its name in camelCase (`mass_marketing` → `massMarketing`). */
export function servicePrefixOf(plugin: Pick<PluginDefinition, 'name' | 'servicePrefix'>): string {
  return plugin.servicePrefix ?? plugin.name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * The names among `names` that break the rule: each is the prefix, or its plural in `s`, followed
 * by a capitalised word, unless it is a port's name (`ports`: every port any group declares). The
 * capital keeps `task` from passing `taskforceService`, and the plural lets a group named after
 * its records (`ticket`) name its main service `ticketsService`.
 */
export function strayServiceNames(prefix: string, names: readonly string[], ports: ReadonlySet<string>): string[] {
  const rule = new RegExp(`^${prefix}s?[A-Z]`);
  return names.filter((name) => !ports.has(name) && !rule.test(name));
}

/** Every port name the groups declare. */
export const portsOf = (plugins: readonly LoadedPlugin[]): Set<string> =>
  new Set(plugins.flatMap(({ plugin }) => plugin.ports ?? []));

/** What breaks the rule in one group: a malformed prefix, or each name it registers or provides that strays. */
export function serviceNameProblems(
  plugin: PluginDefinition,
  access: ServiceAccess,
  ports: ReadonlySet<string>,
): string[] {
  const prefix = servicePrefixOf(plugin);
  if (!PREFIX.test(prefix)) return [`servicePrefix "${prefix}" is not a lower camelCase word`];
  return strayServiceNames(prefix, access.namesOf(plugin.name), ports).map(
    (name) => `${name} does not start with "${prefix}" and is no port's name`,
  );
}
