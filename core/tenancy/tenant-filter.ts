import type { EntityMetadata, EventArgs, EventSubscriber, EntityManager } from '@mikro-orm/core';
import type { Options } from '@mikro-orm/core';

type FilterDef = NonNullable<Options['filters']>[string];
import { KernelError } from '../errors/kernel-error.js';

export const TENANT_FILTER = 'tenant';
export const TENANT_PROPERTY = 'shopId';

/** An entity as the write guard sees it: only its shop column matters. */
type TenantRow = Record<string, unknown>;

export const isTenantOwned = (meta: Pick<EntityMetadata, 'properties'>) => TENANT_PROPERTY in meta.properties;

/**
 * A default filter over every entity that has a shopId column. The list is derived from the
 * entity set at boot: a hand-kept list is how a new entity's rows leak to other shops. A query
 * on an EntityManager that has no shop set fails ("No arguments provided for filter 'tenant'")
 * instead of reading every shop's rows.
 */
export function tenantFilter(entityNames: string[]): FilterDef {
  return {
    name: TENANT_FILTER,
    cond: (args: { shopId: number }) => ({ [TENANT_PROPERTY]: args.shopId }),
    entity: entityNames,
    default: true,
  };
}

export function currentShopId(em: EntityManager): number | undefined {
  return (em.getFilterParams(TENANT_FILTER) as { shopId?: number } | undefined)?.shopId;
}

/**
 * The filter guards reads only. This guard refuses any insert, update or delete whose row names
 * a shop other than the one the EntityManager is scoped to, and any tenant-owned write made
 * without a shop at all.
 */
export class TenantWriteGuard implements EventSubscriber {
  beforeCreate = (args: EventArgs<TenantRow>) => this.check(args);
  beforeUpdate = (args: EventArgs<TenantRow>) => this.check(args);
  beforeDelete = (args: EventArgs<TenantRow>) => this.check(args);

  private check({ entity, em, meta }: EventArgs<TenantRow>) {
    if (!meta || !isTenantOwned(meta)) return;
    const shopId = currentShopId(em);
    if (shopId === undefined) {
      throw new KernelError('KRN_ERR_NO_TENANT', `write to ${meta.className} without a shop scope`);
    }
    if (entity[TENANT_PROPERTY] !== shopId) {
      throw new KernelError(
        'KRN_ERR_CROSS_TENANT_WRITE',
        `write to ${meta.className} names shop ${entity[TENANT_PROPERTY]} from shop ${shopId}`,
      );
    }
  }
}
