import type { EntityName, FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '../../../core/index.js';

/** The conditions of a list of one shop's rows, built one filter at a time. */
export class ShopFilter {
  readonly conditions = ['shop_id = ?'];
  readonly params: unknown[];

  constructor(shopId: number) {
    this.params = [shopId];
  }

  add(sql: string, ...values: unknown[]): this {
    this.conditions.push(sql);
    this.params.push(...values);
    return this;
  }

  /** Rows for a surface: those for every surface (none stored) and those naming it. */
  surface(surface: string | undefined): this {
    return surface && surface !== 'all'
      ? this.add(`(surfaces = '[]'::jsonb or surfaces @> ?::jsonb)`, JSON.stringify([surface]))
      : this;
  }
}

/**
 * A page of a table's rows matching the filter, newest first, with the total: the ids are found
 * in SQL (the filters use functions and jsonb), the rows loaded as entities.
 */
export async function filteredPage<T extends { id: number }>(
  em: EntityManager,
  entity: EntityName<T>,
  table: string,
  filter: ShopFilter,
  limit: number,
  offset: number,
): Promise<{ rows: T[]; total: number }> {
  const where = filter.conditions.join(' and ');
  const [{ total }] = await em.execute<{ total: number }[]>(
    `select count(*)::int as total from ${table} where ${where}`,
    filter.params,
  );
  const ids = (
    await em.execute<{ id: number }[]>(`select id from ${table} where ${where} order by id desc limit ? offset ?`, [
      ...filter.params,
      limit,
      offset,
    ])
  ).map((r) => r.id);
  const rows = ids.length
    ? await em.find(entity, { id: { $in: ids } } as unknown as FilterQuery<T>, { orderBy: { id: 'desc' } as never })
    : [];
  return { rows, total: total! };
}
