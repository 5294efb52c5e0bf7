import type { EntityManager } from '@mikro-orm/postgresql';
import { TENANT_FILTER } from './tenant-filter.js';

/**
 * The only way the kernel makes a tenant-scoped EntityManager. A fork taken inside a transaction
 * stays in it, so work done through the fork commits or rolls back with the caller — unless it is
 * `detached`: then it stands outside any transaction of the caller, and its own commit alone.
 */
export function forkForShop(em: EntityManager, shopId: number, detached = false): EntityManager {
  const fork = em.fork({ clear: true, keepTransactionContext: !detached, disableContextResolution: detached });
  fork.setFilterParams(TENANT_FILTER, { shopId });
  return fork;
}
