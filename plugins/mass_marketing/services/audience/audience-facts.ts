import type { ClientBase } from 'pg';

/**
 * The facts audiences filter on, copied onto each list member (see entities/list-member.entity.ts):
 * the customer's tags as list-qualified keys, the customer's last contact, chat history, and the
 * exclusion flag. This file holds how they are derived from their sources (customers and
 * customer_tags of the customers group, chatapp_messages and chatapp_optouts of whatsapp_ops, the
 * blacklist and unsubscribes of this group) and how they are kept exact afterwards:
 *
 * - members get their facts in the statement that adds them (imports, services/contact-stage.ts);
 * - tags and last contact follow the customers events (tagged, untagged, contacted, merged,
 *   deleted), history follows whatsapp_ops.message_received / message_sent (audience-listeners.ts);
 * - the exclusion flags are re-derived per list when the shop's exclusions no longer match the
 *   fingerprint the list stored at its last derivation (`syncExclusions`), so a change made by any
 *   path (an opt-out removed, a blacklist entry added) reaches the next count.
 *
 * An import reads the sources once, when it merges; a change to a source committing meanwhile would
 * miss its rows. So an import holds the shop's facts lock exclusively from just before that merge
 * until it commits, and an event takes it in shared mode before it updates members: it waits for
 * the import, then sees its rows (also those of a list the import created), or the import waits
 * for the event's transaction and reads the changed source. Events do not wait for each other;
 * two imports of one shop merge one after the other.
 */

/** Whether `phone` is blacklisted, unsubscribed or opted out. Every SQL here takes the shop as $1 and touches only its rows. */
const exclusionSources = (phone: string) =>
  `(exists (select 1 from marketing_blacklist b where b.shop_id = $1 and b.phone = ${phone})
    or exists (select 1 from marketing_unsubscribes u where u.shop_id = $1 and u.phone = ${phone})
    or exists (select 1 from chatapp_optouts_view o where o.shop_id = $1 and o.phone = ${phone}))`;

/**
 * The facts of one phone as correlated subqueries (each an index probe), for statements that touch
 * few members: `phone` and `list` are SQL expressions (a column, a parameter).
 */
export function probedFacts(phone: string, list: string) {
  return {
    tagKeys: `coalesce((select array_agg(distinct ${list}::text || ':' || lower(t.name)) from customers_view c join customer_tags_view t on t.customer_id = c.id
                where c.shop_id = $1 and c.phone = ${phone} and t.shop_id = $1), '{}')`,
    lastContactAt: `(select c.last_contact_at from customers_view c where c.shop_id = $1 and c.phone = ${phone})`,
    hasHistory: `exists (select 1 from chatapp_messages_view x where x.shop_id = $1 and x.phone = ${phone} and x.sent_at is not null)`,
    excluded: exclusionSources(phone),
  };
}

/**
 * The facts of many phones at once, as joins the planner runs as hash joins over the shop's
 * records (a million probes would cost seconds): joined onto a relation aliased `s` with a `phone`
 * column, then selected with JOINED_FACT_COLUMNS (tag keys, last contact, history, excluded);
 * `list` is the SQL of the list id.
 */
export function joinedFacts(list: string) {
  return `left join customers_view c on c.shop_id = $1 and c.phone = s.phone
    left join (select t.customer_id, array_agg(distinct ${list}::text || ':' || lower(t.name)) as keys
               from customer_tags_view t where t.shop_id = $1 group by t.customer_id) ct on ct.customer_id = c.id
    left join (select distinct x.phone from chatapp_messages_view x where x.shop_id = $1 and x.sent_at is not null) h on h.phone = s.phone
    left join (select b.phone from marketing_blacklist b where b.shop_id = $1
               union select u.phone from marketing_unsubscribes u where u.shop_id = $1
               union select o.phone from chatapp_optouts_view o where o.shop_id = $1) e on e.phone = s.phone`;
}

export const JOINED_FACT_COLUMNS = `coalesce(ct.keys, '{}'), c.last_contact_at, h.phone is not null, e.phone is not null`;

/** The lock of a shop's facts: a namespace of this group and the shop id. */
const LOCK_KEY = `hashtext('mass_marketing.audience_facts')`;

/** Held by an import from just before it reads the sources until it commits. */
export async function lockFactsForImport(client: ClientBase, shopId: number): Promise<void> {
  await client.query(`select pg_advisory_xact_lock(${LOCK_KEY}, $1::int)`, [shopId]);
}

/** Held by an event until it commits (waits for an import merging in the shop); the shop's lists. */
async function lockFactsForEvent(client: ClientBase, shopId: number): Promise<number[]> {
  await client.query(`select pg_advisory_xact_lock_shared(${LOCK_KEY}, $1::int)`, [shopId]);
  const { rows } = await client.query<{ id: number }>('select id from marketing_contact_lists where shop_id = $1', [
    shopId,
  ]);
  return rows.map((r) => r.id);
}

/** Tags and last contact of these phones again from the customers records, in every list of the shop. */
export async function refreshCustomerFacts(client: ClientBase, shopId: number, phones: string[]): Promise<void> {
  const lists = await lockFactsForEvent(client, shopId);
  if (lists.length === 0 || phones.length === 0) return;
  const f = probedFacts('m.phone', 'm.list_id');
  await client.query(
    `update marketing_list_members m set tag_keys = ${f.tagKeys}, last_contact_at = ${f.lastContactAt}
     where m.shop_id = $1 and m.list_id = any($2::int[]) and m.phone = any($3::text[])`,
    [shopId, lists, phones],
  );
}

/**
 * These phones have no customer any more (deleted, or merged into another one): no tags, no last
 * contact. Used by the customers.deleted and customers.merged listeners, which run while the
 * customer's row still exists.
 */
export async function clearCustomerFacts(client: ClientBase, shopId: number, phones: string[]): Promise<void> {
  const lists = await lockFactsForEvent(client, shopId);
  if (lists.length === 0 || phones.length === 0) return;
  await client.query(
    `update marketing_list_members m set tag_keys = '{}', last_contact_at = null
     where m.shop_id = $1 and m.list_id = any($2::int[]) and m.phone = any($3::text[]) and (m.tag_keys <> '{}' or m.last_contact_at is not null)`,
    [shopId, lists, phones],
  );
}

/**
 * Messages were received from or sent to these phones. A phone that already had history (another
 * message, committed) says so on every member row already, and nothing is locked or written: only
 * a phone's first messages change its facts.
 */
export async function recordHistory(
  client: ClientBase,
  shopId: number,
  messages: { phone: string; messageId: number }[],
): Promise<void> {
  if (messages.length === 0) return;
  const { rows: fresh } = await client.query<{ phone: string }>(
    `select distinct p.phone from unnest($2::text[]) p(phone)
     where not exists (select 1 from chatapp_messages_view x where x.shop_id = $1 and x.phone = p.phone and x.sent_at is not null and x.id <> all($3::int[]))`,
    [shopId, messages.map((m) => m.phone), messages.map((m) => m.messageId)],
  );
  if (fresh.length === 0) return;
  const lists = await lockFactsForEvent(client, shopId);
  if (lists.length === 0) return;
  await client.query(
    `update marketing_list_members m set has_history = true where m.shop_id = $1 and m.list_id = any($2::int[]) and m.phone = any($3::text[]) and not m.has_history`,
    [shopId, lists, fresh.map((r) => r.phone)],
  );
}

const EXCLUDED_PHONES = `select b.phone from marketing_blacklist b where b.shop_id = $1
  union select u.phone from marketing_unsubscribes u where u.shop_id = $1
  union select o.phone from chatapp_optouts_view o where o.shop_id = $1`;

/**
 * The state of the shop's exclusions (blacklist, unsubscribes, opt-outs) in a few bytes: how many
 * phones, and the sum of their 64-bit hashes. Any added or removed phone changes it.
 */
const FINGERPRINT_SQL = `select count(*) || ':' || coalesce(sum(hashtextextended(e.phone, 0)), 0) as fp from (
    select b.phone from marketing_blacklist b where b.shop_id = $1
    union all select u.phone from marketing_unsubscribes u where u.shop_id = $1
    union all select o.phone from chatapp_optouts_view o where o.shop_id = $1) e`;

/**
 * Makes the list's `excluded` flags match the shop's exclusions. Cheap when nothing changed since
 * the last derivation (one aggregate over the shop's exclusions); otherwise the list's row is locked
 * (waiting for an import into it), the flags that changed are rewritten, and the fingerprint read
 * first is stored: a change committing meanwhile leaves it different, for the next count.
 */
export async function syncExclusions(client: ClientBase, shopId: number, listId: number): Promise<void> {
  const fingerprint = async () => (await client.query<{ fp: string }>(FINGERPRINT_SQL, [shopId])).rows[0]!.fp;
  const stored = async (lock: boolean) =>
    (
      await client.query<{ fp: string | null }>(
        `select exclusion_fingerprint as fp from marketing_contact_lists where id = $1 and shop_id = $2${lock ? ' for update' : ''}`,
        [listId, shopId],
      )
    ).rows[0]?.fp;
  let live = await fingerprint();
  if ((await stored(false)) === live) return;
  if ((await stored(true)) === live) return;
  live = await fingerprint();
  // The flagged phones are read from their small partial index: both directions start from the
  // difference between them and the exclusion records, then look the phones up by key, so the rows
  // visited are those that change (plus one key lookup per excluded phone that is not flagged,
  // mostly phones that are not in the list).
  await client.query(
    `update marketing_list_members m set excluded = false
     where m.shop_id = $1 and m.list_id = $2 and m.phone = any(array(
       select f.phone from marketing_list_members f where f.shop_id = $1 and f.list_id = $2 and f.excluded and f.phone not in (${EXCLUDED_PHONES})))`,
    [shopId, listId],
  );
  await client.query(
    `update marketing_list_members m set excluded = true
     where m.shop_id = $1 and m.list_id = $2 and not m.excluded and m.phone = any(array(
       select e.phone from (${EXCLUDED_PHONES}) e
       where e.phone not in (select f.phone from marketing_list_members f where f.shop_id = $1 and f.list_id = $2 and f.excluded)))`,
    [shopId, listId],
  );
  await client.query('update marketing_contact_lists set exclusion_fingerprint = $1 where id = $2 and shop_id = $3', [
    live,
    listId,
    shopId,
  ]);
}
