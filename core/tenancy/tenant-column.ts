import { p } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/core';
import { currentShopId } from './tenant-filter.js';

/**
 * The column every tenant-owned entity declares as `shopId: tenantColumn()`. Its presence is what
 * puts an entity under the tenant filter and the write guard; on create it is filled from the
 * shop the EntityManager is scoped to, so handlers never pass it. With no shop it stays unset and
 * the write guard refuses the flush (KRN_ERR_NO_TENANT).
 *
 * Indexed, since every lookup names the shop; the kernel leaves that index out of an entity whose
 * own index or unique constraint leads with `shopId` (core/db/collect-schema.ts), so a migration
 * creates it only where nothing else serves lookups by shop.
 */
export function tenantColumn() {
  return p
    .integer()
    .index()
    .onCreate((_entity: unknown, em: EntityManager) => currentShopId(em) as number);
}
