import { p } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/core';
import { currentShopId } from './tenant-filter.js';

/**
 * The column every tenant-owned entity declares as `shopId: tenantColumn()`. Its presence is what
 * puts an entity under the tenant filter and the write guard; on create it is filled from the
 * shop the EntityManager is scoped to, so handlers never pass it. With no shop it stays unset and
 * the write guard refuses the flush (KRN_ERR_NO_TENANT).
 */
export const tenantColumn = () =>
  p
    .integer()
    .index()
    .onCreate((_entity: unknown, em: EntityManager) => currentShopId(em) as number);
