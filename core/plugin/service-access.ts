import { KernelError } from '../errors/kernel-error.js';
import type { LoadedPlugin } from './load-plugins.js';

/**
 * Which group may resolve which service. A group sees the kernel's services, its own, those of the
 * groups it declares as dependencies or optional dependencies, and the ports it declares (by
 * service name, from whichever group provides them); anything else is refused with
 * KRN_ERR_UNDECLARED_SERVICE naming both groups, so an undeclared coupling fails loudly instead of
 * working until someone disables the other group.
 */
export class ServiceAccess {
  private constructor(
    /** Service name → the group that registers it. Names not listed are the kernel's. */
    private readonly owners: Map<string, string>,
    private readonly allowed: ReadonlyMap<string, ReadonlySet<string>>,
    /** Group → the port names it declares. */
    private readonly ports: ReadonlyMap<string, ReadonlySet<string>>,
  ) {}

  static of(plugins: readonly LoadedPlugin[]): ServiceAccess {
    const owners = new Map<string, string>();
    const allowed = new Map<string, ReadonlySet<string>>();
    const ports = new Map<string, ReadonlySet<string>>();
    for (const { plugin } of plugins) {
      ports.set(plugin.name, new Set(plugin.ports ?? []));
      for (const name of Object.keys(plugin.services ?? {})) owners.set(name, plugin.name);
      allowed.set(
        plugin.name,
        new Set([plugin.name, ...(plugin.dependencies ?? []), ...(plugin.optionalDependencies ?? [])]),
      );
    }
    return new ServiceAccess(owners, allowed, ports);
  }

  /** Values a group provides at setup: its own, like its services. */
  claim(group: string, services: readonly string[]): void {
    for (const name of services) this.owners.set(name, group);
  }

  /** The group that registers `service`, or undefined for the kernel's. */
  ownerOf(service: string): string | undefined {
    return this.owners.get(service);
  }

  /** The names `group` registers in its manifest and provides at setup. */
  namesOf(group: string): string[] {
    return [...this.owners].filter(([, owner]) => owner === group).map(([name]) => name);
  }

  allows(group: string, service: string): boolean {
    const owner = this.owners.get(service);
    if (owner === undefined || this.ports.get(group)?.has(service)) return true;
    return this.allowed.get(group)?.has(owner) !== false;
  }

  /** Throws when `group` may not resolve `service`. */
  check(group: string, service: string): void {
    if (this.allows(group, service)) return;
    const owner = this.owners.get(service);
    throw new KernelError(
      'KRN_ERR_UNDECLARED_SERVICE',
      `group "${group}" resolves "${service}" of group "${owner}" without declaring "${owner}" in dependencies or optionalDependencies, or "${service}" in ports`,
      { group, service, owner },
    );
  }

  /** The services as `group` sees them; the kernel's own work (no group) sees all. */
  view<T extends object>(services: T, group: string | undefined): T {
    if (group === undefined || !this.allowed.has(group)) return services;
    // The target is an empty object, not the cradle: after each `get` the engine checks the
    // target's own descriptor of the name, and awilix answers that by merging every registration.
    return new Proxy({} as T, {
      get: (_target, name) => {
        if (typeof name === 'string') this.check(group, name);
        return (services as Record<string | symbol, unknown>)[name];
      },
    });
  }

  /**
   * What a service of `group` is built with: the services as `group` sees them, and under
   * `config` the group's own config, so no group registers its config by hand.
   */
  cradleOf<T extends object>(services: T, group: string, config: Readonly<Record<string, unknown>>): T {
    return new Proxy({} as T, {
      get: (_target, name) => {
        if (name === 'config') return config;
        if (typeof name === 'string') this.check(group, name);
        return (services as Record<string | symbol, unknown>)[name];
      },
    });
  }

  /**
   * Boot check: builds every service once against a recording container, so a constructor that
   * resolves an undeclared service fails boot. Resolutions made later, inside methods, are refused
   * by view() when they happen and found ahead of time by the contract test over the sources.
   */
  probe(plugins: readonly LoadedPlugin[]): void {
    for (const { plugin } of plugins) {
      for (const Service of Object.values(plugin.services ?? {})) {
        const cradle = new Proxy(
          {},
          {
            get: (_target, name) => {
              if (typeof name === 'string') this.check(plugin.name, name);
              return inert;
            },
          },
        );
        try {
          new Service(cradle);
        } catch (err) {
          if (err instanceof KernelError && err.code === 'KRN_ERR_UNDECLARED_SERVICE') throw err;
          // Anything else is the inert stand-in meeting real work: not what this check is about.
        }
      }
    }
  }
}

/** Stands in for every dependency during the probe: any property, call or construction gives itself back. */
const inert: object = new Proxy(function () {}, {
  get: (_target, name) => (name === Symbol.toPrimitive ? () => '' : inert),
  apply: () => inert,
  construct: () => inert,
});
