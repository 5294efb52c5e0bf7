import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * One phone (E.164) in one list. The key (list_id, phone) is the only index besides the tenant
 * column's: it serves paging in phone order, the per-phone lookups, the duplicate merge on import
 * and the audience scans; every extra index, and a foreign key checked per inserted row, would slow
 * the million-row imports down. A list's members are deleted with it, in the same transaction, by
 * the lists service.
 */
export const ListMember = defineEntity({
  name: 'ListMember',
  tableName: 'marketing_list_members',
  properties: {
    listId: p.integer().primary(),
    phone: p.string().length(20).primary(),
    shopId: tenantColumn(),
    name: p.string().length(200).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type ListMember = InferEntity<typeof ListMember>;
