import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { ContactList } from './contact-list.entity.js';

/**
 * How many members of a list carry a tag (its customer has it). Maintained by statement triggers
 * on marketing_list_members (migrations/0003-audience-facts.ts), whatever writes the members, so it
 * is exact in every snapshot; deleted with its list. A count for one tag starts here and subtracts
 * the few excluded or rejected members instead of visiting every tagged row.
 */
export const ListTagCount = defineEntity({
  name: 'ListTagCount',
  tableName: 'marketing_list_tag_counts',
  properties: {
    list: () => p.manyToOne(ContactList).primary().deleteRule('cascade'),
    tag: p.string().length(50).primary(),
    shopId: tenantColumn(),
    members: p.integer(),
  },
});

export type ListTagCount = InferEntity<typeof ListTagCount>;
