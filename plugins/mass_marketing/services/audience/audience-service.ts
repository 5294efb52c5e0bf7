import type { Services } from '../../../../core/index.js';
import { audienceSql, countSql } from './audience-sql.js';
import { clearCustomerFacts, recordHistory, refreshCustomerFacts, syncExclusions } from './audience-facts.js';
import { transactionClient, withClient } from '../pg-client.js';
import { parseSegmentFilters, segmentPayload, type SegmentFilters } from './segment-filters.js';

export interface AudienceMember {
  phone: string;
  name: string | null;
}

export type Exclusion = 'blacklisted' | 'unsubscribed' | 'opted_out';

/**
 * Who a campaign may reach: a list's members after the exclusions (blacklist, unsubscribes,
 * opt-outs) and a segment. Campaigns build their recipients with `build` or `query`, and check each
 * recipient again with `exclusionsOf` at the moment of sending. Counting reads the facts copied onto
 * the members (services/audience-facts.ts), which the event listeners below keep exact.
 */
export class MarketingAudienceService {
  constructor(private readonly deps: Services) {}

  /** count_filtered_contacts: the segment as given (object or JSON string) → the eligible count. */
  async countFiltered(listId: number, rawFilters: unknown) {
    const filters = parseSegmentFilters(rawFilters);
    const list = await this.deps.marketingContactListsService.get(listId);
    const count = await this.count(list.id, filters);
    return { list_id: list.id, count, member_count: list.memberCount, segment_filters: segmentPayload(filters) };
  }

  /** The eligible count; first brings the list's exclusion flags in step with the exclusion records when they changed. */
  async count(listId: number, filters: SegmentFilters): Promise<number> {
    const shopId = this.deps.shop.id;
    return withClient(this.deps.em, async (client) => {
      await syncExclusions(client, shopId, listId);
      const { sql, params } = countSql(shopId, listId, filters);
      return (await client.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0;
    });
  }

  /**
   * The eligible members in phone order, `batchSize` at a time (keyset paging on the list's key, so
   * each batch is an index range and memory stays bounded for any list size).
   */
  async *build(listId: number, filters: SegmentFilters, batchSize = 1000): AsyncGenerator<AudienceMember[]> {
    const list = await this.deps.marketingContactListsService.get(listId);
    let after = '';
    for (;;) {
      const { fromWhere, params } = audienceSql(this.deps.shop.id, list.id, filters, 3);
      const batch = await withClient(
        this.deps.em,
        async (client) =>
          (
            await client.query<AudienceMember>(
              `select m.phone, m.name ${fromWhere} and m.phone > $1 order by m.phone limit $2`,
              [after, batchSize, ...params],
            )
          ).rows,
      );
      if (batch.length) yield batch;
      if (batch.length < batchSize) return;
      after = batch[batch.length - 1]!.phone;
    }
  }

  /**
   * The audience as SQL, for an `insert … select phone, name …` of recipients in one statement:
   * `select m.phone, m.name ${fromWhere}` with `params` as $1…$n (numbering from `startParam`).
   */
  query(listId: number, filters: SegmentFilters, startParam = 1) {
    return audienceSql(this.deps.shop.id, listId, filters, startParam);
  }

  /** Why each of these phones must not get a campaign message now (absent: it may). Blacklist first, then unsubscribe, then opt-out. */
  async exclusionsOf(phones: string[]): Promise<Map<string, Exclusion>> {
    if (phones.length === 0) return new Map();
    return withClient(this.deps.em, async (client) => {
      const { rows } = await client.query<{ phone: string; reason: Exclusion }>(
        `select p.phone, case
           when exists (select 1 from marketing_blacklist where shop_id = $1 and phone = p.phone) then 'blacklisted'
           when exists (select 1 from marketing_unsubscribes where shop_id = $1 and phone = p.phone) then 'unsubscribed'
           when exists (select 1 from chatapp_optouts_view where shop_id = $1 and phone = p.phone) then 'opted_out'
         end as reason
         from unnest($2::text[]) p(phone)`,
        [this.deps.shop.id, phones],
      );
      return new Map(rows.filter((r) => r.reason !== null).map((r) => [r.phone, r.reason]));
    });
  }

  /** customers.tagged / untagged / contacted: the customer's tags or last contact changed. */
  async customersChanged(phones: string[]): Promise<void> {
    await refreshCustomerFacts(await transactionClient(this.deps.em), this.deps.shop.id, [...new Set(phones)]);
  }

  /** customers.merged: the primary took the secondary's tags and contact; the secondary's phone has no customer any more. */
  async customersMerged(primaryPhone: string, secondaryPhone: string): Promise<void> {
    const client = await transactionClient(this.deps.em);
    await refreshCustomerFacts(client, this.deps.shop.id, [primaryPhone]);
    await clearCustomerFacts(client, this.deps.shop.id, [secondaryPhone]);
  }

  /** customers.deleted (emitted while the customer's row still exists). */
  async customerDeleted(phone: string): Promise<void> {
    await clearCustomerFacts(await transactionClient(this.deps.em), this.deps.shop.id, [phone]);
  }

  /** whatsapp_ops.message_received / message_sent: the phones' first messages give them history. */
  async messagesExchanged(messages: { phone: string; message_id: number }[]): Promise<void> {
    await recordHistory(
      await transactionClient(this.deps.em),
      this.deps.shop.id,
      messages.map((m) => ({ phone: m.phone, messageId: m.message_id })),
    );
  }
}
