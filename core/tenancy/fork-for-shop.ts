import type { EntityManager } from '@mikro-orm/postgresql';
import { TENANT_FILTER } from './tenant-filter.js';

/**
 * The only way the kernel makes a tenant-scoped EntityManager. A fork taken inside a transaction
 * stays in it, so work done through the fork commits or rolls back with the caller.
 */
export function forkForShop(em: EntityManager, shopId: number): EntityManager {
  const fork = em.fork({ clear: true, keepTransactionContext: true });
  fork.setFilterParams(TENANT_FILTER, { shopId });
  return fork;
}
