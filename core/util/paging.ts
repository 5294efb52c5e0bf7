import { Type } from 'typebox';

/**
 * The paging arguments every list tool takes (docs/decisions.md). Their meaning is said once in the
 * initialize instructions (PAGING_CONVENTION), not in each of some 50 tools.
 */
export const PagingArgs = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
};

/** What the paging arguments and a list's answer mean, as the initialize instructions state it. */
export const PAGING_CONVENTION =
  'Lists are paged: limit is the page size, offset the records to skip; count is how many match in all, has_more whether more follow.';

export interface Paging {
  limit: number;
  offset: number;
}

/** The list payload every list tool returns: `{ [key]: items, count, limit, offset, has_more }`. */
export function pageOf<K extends string, T>(
  key: K,
  items: T[],
  count: number,
  paging: Paging,
): Record<K, T[]> & { count: number; limit: number; offset: number; has_more: boolean } {
  return {
    [key]: items,
    count,
    limit: paging.limit,
    offset: paging.offset,
    has_more: paging.offset + items.length < count,
  } as Record<K, T[]> & { count: number; limit: number; offset: number; has_more: boolean };
}
