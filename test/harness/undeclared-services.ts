import type { ServiceAccess } from '../../core/plugin/service-access.js';

export interface UndeclaredUse {
  service: string;
  owner: string;
}

/**
 * The services of undeclared groups a group's source names as properties (`services.x`,
 * `this.deps.x`, `cradle.x`): found ahead of the call that would be refused at run time.
 */
export function undeclaredServiceUses(group: string, source: string, access: ServiceAccess): UndeclaredUse[] {
  const found = new Map<string, UndeclaredUse>();
  for (const [, name] of source.matchAll(/\.\s*([A-Za-z_$][\w$]*)/g)) {
    const owner = access.ownerOf(name!);
    if (owner !== undefined && !access.allows(group, name!)) found.set(name!, { service: name!, owner });
  }
  return [...found.values()];
}
