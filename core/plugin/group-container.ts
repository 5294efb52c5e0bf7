import { asValue, Lifetime, type AwilixContainer } from 'awilix';
import { KernelError } from '../errors/kernel-error.js';
import type { ServiceAccess } from './service-access.js';
import type { GroupServices, Services } from './service-map.js';

/** The container as one group reaches it outside any call: at setup and in its lifecycle hooks. */
export interface GroupContainer {
  /**
   * Makes `value` a service of this group, one instance shared by every call (a gate, a worker, a
   * channel). Its name and type are declared in the group's surface.ts like its services'.
   */
  provide<K extends keyof GroupServices>(name: K, value: GroupServices[K]): void;
  /**
   * A service this group may resolve that lives as long as the server: the kernel's (`secrets`,
   * `networkGuard`, `metrics`, `baseUrl`…) and those groups provided. Services built per call are
   * refused (KRN_ERR_SERVICE_PER_CALL): they are reached inside `withShop`.
   */
  resolve<K extends keyof Services>(name: K): Services[K];
  /** Whether an enabled group provides `service`: how a group learns that a port it declares is filled. */
  has(service: string): boolean;
}

export function groupContainer(container: AwilixContainer, access: ServiceAccess, group: string): GroupContainer {
  return {
    provide(name, value) {
      const reserved = (name as string) === 'config';
      if (reserved || container.hasRegistration(name)) {
        throw new KernelError(
          'KRN_ERR_DUPLICATE_SERVICE',
          `service "${name}" of group "${group}" is already registered${reserved ? ' (every group’s services get their own config under this name)' : ''}`,
          { group, service: name },
        );
      }
      container.register(name, asValue(value));
      access.claim(group, [name]);
    },
    resolve(name) {
      access.check(group, name);
      if (container.getRegistration(name)?.lifetime === Lifetime.SCOPED) {
        throw new KernelError(
          'KRN_ERR_SERVICE_PER_CALL',
          `group "${group}" resolves "${name}" outside a call; it is built per call, so reach it inside withShop`,
          { group, service: name },
        );
      }
      return container.resolve(name);
    },
    has: (service) => container.hasRegistration(service),
  };
}
