import type { EntityManager, EntityName } from '@mikro-orm/postgresql';
import { likeLiteral } from '../util/text.js';

/** How many of the newest records an id completion looks through. */
const RECENT = 500;

/**
 * Completion of a record id: the newest records' ids that start with what was typed (newest first),
 * which is what a person picking "that ticket from this morning" wants. `where` narrows the records.
 */
export async function completeIds<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  typed: string,
  where: Record<string, unknown> = {},
): Promise<string[]> {
  if (!/^\d*$/.test(typed)) return [];
  const rows = await em.find(entity, where as never, {
    fields: ['id'] as never,
    orderBy: { id: 'desc' } as never,
    limit: RECENT,
  });
  return rows.map((r) => String((r as unknown as { id: number }).id)).filter((id) => id.startsWith(typed));
}

/** Completion of a text field (a phone, a name): values that start with what was typed, case-insensitive, sorted. */
export async function completeText<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  field: keyof T & string,
  typed: string,
  where: Record<string, unknown> = {},
): Promise<string[]> {
  const rows = await em.find(entity, { ...where, [field]: { $ilike: `${likeLiteral(typed)}%` } } as never, {
    fields: [field] as never,
    orderBy: { [field]: 'asc' } as never,
    limit: 101,
  });
  return rows.map((r) => String((r as unknown as Record<string, unknown>)[field]));
}
