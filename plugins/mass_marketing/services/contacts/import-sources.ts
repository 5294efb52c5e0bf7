import type { SegmentFilters } from '../audience/segment-filters.js';

/** An import read straight from the database: `select phone, name` over the shop's own records. */
export interface SqlSource {
  /** Uses $1 (shop id); further parameters from $2 on. */
  sql: string;
  params: unknown[];
}

const tagConditions = (f: Pick<SegmentFilters, 'tags' | 'excludeTags'>, next: (v: unknown) => string) => {
  const out: string[] = [];
  if (f.tags.length)
    out.push(
      `exists (select 1 from customer_tags_view t where t.customer_id = c.id and t.shop_id = $1 and lower(t.name) = any(${next(f.tags)}::text[]))`,
    );
  if (f.excludeTags.length)
    out.push(
      `not exists (select 1 from customer_tags_view t where t.customer_id = c.id and t.shop_id = $1 and lower(t.name) = any(${next(f.excludeTags)}::text[]))`,
    );
  return out;
};

const builder = () => {
  const params: unknown[] = [];
  return { params, next: (v: unknown) => `$${params.push(v) + 1}` };
};

/** The shop's customers (customers group), optionally with any of `tags` and none of `excludeTags`. */
export function customersSource(f: Pick<SegmentFilters, 'tags' | 'excludeTags'>): SqlSource {
  const b = builder();
  const where = ['c.shop_id = $1', ...tagConditions(f, b.next)];
  return { sql: `select c.phone, c.name from customers_view c where ${where.join(' and ')}`, params: b.params };
}

/** The shop's CRM customers (crm group) by WhatsApp number, optionally in `stages` and by their customer's tags. */
export function crmSource(stages: string[], f: Pick<SegmentFilters, 'tags' | 'excludeTags'>): SqlSource {
  const b = builder();
  const where = ['k.shop_id = $1'];
  if (stages.length) where.push(`k.stage = any(${b.next(stages)}::text[])`);
  const tags = tagConditions(f, b.next);
  if (tags.length)
    where.push(
      `exists (select 1 from customers_view c where c.shop_id = $1 and c.id = k.customer_id and ${tags.join(' and ')})`,
    );
  return {
    sql: `select k.whatsapp_number as phone, k.name from crm_customers_view k where ${where.join(' and ')}`,
    params: b.params,
  };
}

/** Every phone with chat history (whatsapp_ops messages), named from its customer record when there is one. */
export function conversationsSource(): SqlSource {
  return {
    sql: `select p.phone, c.name from (select distinct x.phone from chatapp_messages_view x where x.shop_id = $1) p
          left join customers_view c on c.shop_id = $1 and c.phone = p.phone`,
    params: [],
  };
}

/**
 * Customers with no contact in `days` days: their last contact is older, or they were never
 * contacted and their record is older (a customer created yesterday is new, not inactive).
 */
export function inactiveSource(days: number): SqlSource {
  return {
    sql: `select c.phone, c.name from customers_view c where c.shop_id = $1 and coalesce(c.last_contact_at, c.created_at) < now() - make_interval(days => $2::int)`,
    params: [days],
  };
}

/** Given phones (already E.164), named from their customer records. */
export function phonesSource(phones: string[]): SqlSource {
  return {
    sql: `select p.phone, c.name from unnest($2::text[]) as p(phone) left join customers_view c on c.shop_id = $1 and c.phone = p.phone`,
    params: [phones],
  };
}
