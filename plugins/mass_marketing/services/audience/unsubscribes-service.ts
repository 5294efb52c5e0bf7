import { invalidArguments, pageOf, type Paging, type Services } from '../../../../core/index.js';
import { Unsubscribe } from '../../entities/unsubscribe.entity.js';
import { unsubscribePayload } from '../payloads.js';
import type { UnsubscribeSource } from '../../entities/values.js';
import { transactionClient } from '../pg-client.js';
import { splitPhones } from '../contacts/contact-rows.js';
import { phoneQueryDigits } from './phone-query.js';

/**
 * The unsubscribe record. Campaign replies and the unsubscribe link record entries through
 * `record`; people read and clear them with the tools.
 */
export class MarketingUnsubscribesService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  /**
   * Records that `phone` (E.164) unsubscribed. Idempotent: a phone already recorded keeps its first
   * record, and `created` says whether this call made one.
   */
  async record(phone: string, source: UnsubscribeSource, campaignId: number | null = null) {
    const rows = (await this.em.execute(
      `insert into marketing_unsubscribes (shop_id, phone, source, campaign_id, created_at) values (?, ?, ?, ?, now())
       on conflict (shop_id, phone) do nothing returning id`,
      [this.deps.shop.id, phone, source, campaignId],
    )) as { id: number }[];
    const entry = (await this.em.findOne(Unsubscribe, { phone }, { refresh: true }))!;
    if (rows.length === 1)
      await this.deps.events.emit('mass_marketing.unsubscribed', { phone, source, campaign_id: campaignId });
    return { entry: unsubscribePayload(entry), created: rows.length === 1 };
  }

  async isUnsubscribed(phone: string): Promise<boolean> {
    return (await this.em.count(Unsubscribe, { phone })) > 0;
  }

  async list(query: string | undefined, paging: Paging) {
    const digits = phoneQueryDigits(query);
    const where = digits ? { phone: { $like: `%${digits}%` } } : {};
    const [items, count] = await this.em.findAndCount(Unsubscribe, where, {
      orderBy: { id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf('unsubscribed', items.map(unsubscribePayload), count, paging);
  }

  /** remove_unsubscribed_bulk: deletes the records of the given phones; unknown and invalid ones are reported. */
  async removeMany(rawPhones: string[]) {
    const { phones, invalid } = splitPhones(rawPhones);
    if (phones.length === 0) {
      throw invalidArguments(
        'No valid phone number among those given.',
        invalid.map((e) => ({ path: `phones.${e.index}`, message: e.reason })),
      );
    }
    const client = await transactionClient(this.em);
    const { rows: removed } = await client.query<{ phone: string }>(
      'delete from marketing_unsubscribes where shop_id = $1 and phone = any($2::text[]) returning phone',
      [this.deps.shop.id, phones],
    );
    const gone = new Set(removed.map((r) => r.phone));
    return {
      removed_count: gone.size,
      removed: [...gone].sort(),
      not_found: phones.filter((p) => !gone.has(p)),
      invalid,
    };
  }
}
