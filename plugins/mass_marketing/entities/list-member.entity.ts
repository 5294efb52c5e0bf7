import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * One phone (E.164) in one list, with the facts audiences filter on copied onto the row, so that a
 * count over a million members never joins another table:
 *
 * - `tagKeys`: the tags of the phone's customer (customers group) as `<list id>:<tag lowercased>`.
 *   The list id inside the key gives every list its own GIN postings: `tag_keys && '{7:vip}'`
 *   finds list 7's VIPs without reading other lists' rows.
 * - `lastContactAt`: the customer's last contact (null: no customer or never contacted).
 * - `hasHistory`: a message was received from or sent to the phone (whatsapp_ops).
 * - `excluded`: blacklisted, unsubscribed or opted out, as of the list's `exclusionFingerprint`.
 *
 * Rows get their facts when they are added (from the source tables, in the same statement) and keep
 * them through the customers and whatsapp_ops events (services/audience-facts.ts). Apart from the
 * key and the tenant column, the indexes are partial (only rows with tags, a contact, history or an
 * exclusion are in them), so importing contacts the shop knows nothing about stays cheap; the btree
 * ones carry what counts filter on (INCLUDE), so counts read them without visiting the rows. Tag
 * counts per list are kept by triggers (entities/list-tag-count.entity.ts). A list's members are
 * deleted with it, in the same transaction, by the lists service.
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
    tagKeys: p
      .array()
      .default('{}')
      .onCreate(() => []),
    lastContactAt: p.datetime().nullable(),
    hasHistory: p
      .boolean()
      .default(false)
      .onCreate(() => false),
    excluded: p
      .boolean()
      .default(false)
      .onCreate(() => false),
  },
  indexes: [
    {
      name: 'marketing_list_members_tag_keys_index',
      expression: `create index "marketing_list_members_tag_keys_index" on "marketing_list_members" using gin ("tag_keys") where "tag_keys" <> '{}'`,
    },
    {
      name: 'marketing_list_members_excluded_index',
      expression: `create index "marketing_list_members_excluded_index" on "marketing_list_members" ("list_id", "phone") include ("shop_id", "tag_keys") where "excluded"`,
    },
    {
      name: 'marketing_list_members_history_index',
      expression: `create index "marketing_list_members_history_index" on "marketing_list_members" ("list_id", "excluded") include ("shop_id") where "has_history"`,
    },
    {
      name: 'marketing_list_members_contact_index',
      expression: `create index "marketing_list_members_contact_index" on "marketing_list_members" ("list_id", "last_contact_at") include ("shop_id", "excluded", "has_history") where "last_contact_at" is not null`,
    },
  ],
});

export type ListMember = InferEntity<typeof ListMember>;
