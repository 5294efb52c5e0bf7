import { EntityManager, type PostgreSqlDriver } from '@mikro-orm/postgresql';
import {
  Utils,
  helper,
  type EntityData,
  type EntityMetadata,
  type EntityName,
  type FilterQuery,
  type NativeInsertUpdateOptions,
  type NoInfer,
  type Primary,
  type RequiredEntityData,
  type UpdateOptions,
  type UpsertManyOptions,
  type UpsertOptions,
} from '@mikro-orm/core';
import { KernelError } from '../errors/kernel-error.js';
import { currentShopId, isTenantOwned, TENANT_PROPERTY } from './tenant-filter.js';

/**
 * The write guard for the EntityManager methods that bypass the unit of work, and with it the
 * TenantWriteGuard subscriber: native inserts, native updates and upserts. A row of a
 * tenant-owned entity that names no shop gets the em's shop; one that names another shop is
 * refused. An upsert must resolve conflicts on a key that includes shopId, because a conflict
 * on any other key (the primary key, say) would update another shop's row.
 */
export class TenantEntityManager extends EntityManager<PostgreSqlDriver> {
  override async insert<Entity extends object>(
    entityNameOrEntity: EntityName<Entity> | Entity,
    data?: RequiredEntityData<Entity> | Entity,
    options?: NativeInsertUpdateOptions<Entity>,
  ): Promise<Primary<Entity>> {
    const meta = this.tenantMeta(entityNameOrEntity);
    if (!meta) return super.insert(entityNameOrEntity, data, options);
    if (data === undefined) return super.insert(this.claim(meta, entityNameOrEntity as Entity), undefined, options);
    return super.insert(entityNameOrEntity, this.claim(meta, data), options);
  }

  // Untyped entity parameters: TypeScript cannot relate this override's generics to the base's. Callers hold
  // the em as the base EntityManager type and keep its typing.
  override async insertMany<Entity extends object>(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    entityNameOrEntities: any,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    data?: any[],
    options?: NativeInsertUpdateOptions<Entity>,
  ): Promise<Primary<Entity>[]> {
    const meta = this.tenantMeta(Array.isArray(entityNameOrEntities) ? entityNameOrEntities[0] : entityNameOrEntities);
    if (!meta) return super.insertMany(entityNameOrEntities, data, options);
    if (data === undefined)
      return super.insertMany(
        (entityNameOrEntities as Entity[]).map((row) => this.claim(meta, row)),
        undefined,
        options,
      );
    return super.insertMany(
      entityNameOrEntities,
      data.map((row) => this.claim(meta, row)),
      options,
    );
  }

  override async nativeUpdate<Entity extends object>(
    entityName: EntityName<Entity>,
    where: FilterQuery<NoInfer<Entity>>,
    data: EntityData<Entity>,
    options?: UpdateOptions<Entity>,
  ): Promise<number> {
    const meta = this.tenantMeta(entityName);
    if (meta && TENANT_PROPERTY in data) this.ownShop(meta, (data as Record<string, unknown>)[TENANT_PROPERTY] ?? null);
    return super.nativeUpdate(entityName, where, data, options);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the base method's own default, which an override must repeat
  override async upsert<Entity extends object, Fields extends string = any>(
    entityNameOrEntity: EntityName<Entity> | Entity,
    data?: EntityData<Entity> | NoInfer<Entity>,
    options?: UpsertOptions<Entity, Fields>,
  ): Promise<Entity> {
    const meta = this.tenantMeta(entityNameOrEntity);
    if (!meta) return super.upsert(entityNameOrEntity, data, options);
    this.requireShopConflictKey(meta, options?.onConflictFields);
    if (data === undefined) return super.upsert(this.claim(meta, entityNameOrEntity as Entity), undefined, options);
    return super.upsert(entityNameOrEntity, this.claim(meta, data), options);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the base method's own default, which an override must repeat
  override async upsertMany<Entity extends object, Fields extends string = any>(
    entityNameOrEntity: EntityName<Entity> | Entity[],
    data?: (EntityData<Entity> | NoInfer<Entity>)[],
    options?: UpsertManyOptions<Entity, Fields>,
  ): Promise<Entity[]> {
    const meta = this.tenantMeta(Array.isArray(entityNameOrEntity) ? entityNameOrEntity[0] : entityNameOrEntity);
    if (!meta) return super.upsertMany(entityNameOrEntity, data, options);
    this.requireShopConflictKey(meta, options?.onConflictFields);
    if (data === undefined)
      return super.upsertMany(
        (entityNameOrEntity as Entity[]).map((row) => this.claim(meta, row)),
        undefined,
        options,
      );
    return super.upsertMany(
      entityNameOrEntity,
      data.map((row) => this.claim(meta, row)),
      options,
    );
  }

  private tenantMeta(nameOrEntity: EntityName<object> | object | undefined): EntityMetadata | undefined {
    if (nameOrEntity === undefined) return undefined;
    const meta = Utils.isEntity(nameOrEntity)
      ? helper(nameOrEntity as object).__meta
      : this.getMetadata().find(Utils.className(nameOrEntity as EntityName<object>));
    return meta && isTenantOwned(meta) ? meta : undefined;
  }

  /** The row as it may be written: plain data is copied with the shop filled in, an entity gets it set. */
  private claim<T>(meta: EntityMetadata, row: T): T {
    const record = row as Record<string, unknown>;
    const shopId = this.ownShop(meta, record[TENANT_PROPERTY]);
    if (record[TENANT_PROPERTY] === shopId) return row;
    if (Utils.isEntity(row)) {
      record[TENANT_PROPERTY] = shopId;
      return row;
    }
    return { ...record, [TENANT_PROPERTY]: shopId } as T;
  }

  /** The em's shop; `named` may be undefined (nothing named) or must be that shop. */
  private ownShop(meta: EntityMetadata, named: unknown): number {
    const shopId = currentShopId(this);
    if (shopId === undefined)
      throw new KernelError('KRN_ERR_NO_TENANT', `write to ${meta.className} without a shop scope`);
    if (named !== undefined && named !== shopId) {
      throw new KernelError(
        'KRN_ERR_CROSS_TENANT_WRITE',
        `write to ${meta.className} names shop ${String(named)} from shop ${shopId}`,
      );
    }
    return shopId;
  }

  private requireShopConflictKey(meta: EntityMetadata, fields: unknown): void {
    if (!Array.isArray(fields) || !fields.includes(TENANT_PROPERTY)) {
      throw new KernelError(
        'KRN_ERR_TENANT_UNSAFE_UPSERT',
        `upsert of ${meta.className} must list "${TENANT_PROPERTY}" in onConflictFields (backed by a unique key that includes it), or a conflict could update another shop's row`,
      );
    }
  }
}
