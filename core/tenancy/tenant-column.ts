import { p } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/core';
import { currentShopId } from './tenant-filter.js';

/**
 * The column every tenant-owned entity declares as `shopId: tenantColumn()`. Its presence is what
 * puts an entity under the tenant filter and the write guard; on create it is filled from the
 * shop the EntityManager is scoped to, so handlers never pass it. With no shop it stays unset and
 * the write guard refuses the flush (KRN_ERR_NO_TENANT).
 *
 * The column has an index of its own unless `indexed: false`: for an entity whose own composite
 * index or unique constraint leads with `shopId`, which serves every lookup by shop as well, so a
 * second index would only cost each insert, and each update that moves an indexed column, one
 * more index entry (the campaign's recipient rows: about 10% of each of their updates).
 */
export function tenantColumn(options: { indexed?: boolean } = {}) {
  const column = p.integer().onCreate((_entity: unknown, em: EntityManager) => currentShopId(em) as number);
  return options.indexed === false ? column : column.index();
}
