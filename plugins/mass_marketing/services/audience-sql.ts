import type { SegmentFilters } from './segment-filters.js';

export interface AudienceSql {
  /** `from … where …` over `marketing_list_members m`, with $n parameters. */
  fromWhere: string;
  params: unknown[];
}

/**
 * The eligible members of a list: members of the list, minus blacklisted, unsubscribed and
 * opted-out numbers (chatapp_optouts of whatsapp_ops), narrowed by the segment. Customer facts
 * come from the customers group's tables (tags, last_contact_at) and chat history from
 * whatsapp_ops' chatapp_messages, joined in SQL with their shop_id condition: counting a
 * million-member list through services would take minutes. Every table is constrained to the shop.
 *
 * - tags: the member's customer has at least one of them (without case);
 * - exclude_tags: the member's customer has none of them (a member who is no customer passes);
 * - last_contact_days: the customer's last contact is within that many days;
 * - has_chatapp_history: true → some message with that phone exists, false → none does.
 */
export function audienceSql(shopId: number, listId: number, f: SegmentFilters, startParam = 1): AudienceSql {
  const params: unknown[] = [shopId, listId];
  const $ = (value: unknown) => {
    params.push(value);
    return `$${startParam + params.length - 1}`;
  };
  const shop = `$${startParam}`;
  const list = `$${startParam + 1}`;
  const where = [
    `m.shop_id = ${shop}`,
    `m.list_id = ${list}`,
    `m.phone not in (select b.phone from marketing_blacklist b where b.shop_id = ${shop}
       union all select u.phone from marketing_unsubscribes u where u.shop_id = ${shop}
       union all select o.phone from chatapp_optouts o where o.shop_id = ${shop})`,
  ];
  const customerConditions: string[] = [];
  if (f.lastContactDays !== null) customerConditions.push(`c.last_contact_at >= now() - make_interval(days => ${$(f.lastContactDays)}::int)`);
  if (f.tags.length) customerConditions.push(`exists (select 1 from customer_tags t where t.customer_id = c.id and t.shop_id = ${shop} and lower(t.name) = any(${$(f.tags)}::text[]))`);
  if (customerConditions.length) {
    where.push(`exists (select 1 from customers c where c.shop_id = ${shop} and c.phone = m.phone and ${customerConditions.join(' and ')})`);
  }
  if (f.excludeTags.length) {
    where.push(
      `not exists (select 1 from customers c join customer_tags t on t.customer_id = c.id where c.shop_id = ${shop} and c.phone = m.phone and t.shop_id = ${shop} and lower(t.name) = any(${$(f.excludeTags)}::text[]))`,
    );
  }
  if (f.hasChatappHistory !== null) {
    where.push(`${f.hasChatappHistory ? '' : 'not '}exists (select 1 from chatapp_messages x where x.shop_id = ${shop} and x.phone = m.phone)`);
  }
  return { fromWhere: `from marketing_list_members m where ${where.join(' and ')}`, params };
}
