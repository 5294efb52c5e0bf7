import { normalizePhone, phoneE164OrNull, ToolError, type Services } from '../../../../core/index.js';
import { EmailAddressPhone } from '../../entities/email-address-phone.entity.js';
import type { EmailThread } from '../../entities/email-thread.entity.js';
import type { PhoneSource } from '../../entities/values.js';

/** Threads looked at per backfill run (spec, Limits). */
export const BACKFILL_BATCH = 50;
/** A thread whose phone was not found is looked at again after this many days. */
const RECHECK_DAYS = 7;

export interface BackfillResult {
  thread_id: number;
  email: string;
  phone: string | null;
  /** Where the phone came from, or why there is none: not_found, ambiguous (the address has two or more phones). */
  source: PhoneSource | 'cache' | 'not_found' | 'ambiguous';
}

/**
 * Where mail meets chat: the phone of a thread's counterpart. A phone linked by hand is cached
 * for the address; the backfill resolves the rest from that cache, then the CRM, then the
 * customer records, then the storefront's customers, and caches what it finds. An address with two phones is never guessed.
 */
export class EmailPhonesService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  /** Links the thread to a phone (or unlinks it) and records the address → phone mapping. */
  async link(thread: EmailThread, rawPhone: string | null): Promise<EmailThread> {
    const phone = rawPhone === null ? null : normalizePhone(rawPhone, 'phone');
    const previous = thread.phone;
    thread.phone = phone;
    thread.phoneCheckedAt = null;
    if (thread.counterpart) {
      if (phone) await this.remember(thread.counterpart, phone, 'manual');
      else if (previous) await this.em.nativeDelete(EmailAddressPhone, { email: thread.counterpart, phone: previous });
    }
    await this.em.flush();
    return thread;
  }

  /**
   * Looks for the phones of up to 50 threads that have none (oldest first; one looked at in vain
   * waits 7 days before the next look). `remaining`: threads still waiting after this run.
   */
  async backfill(): Promise<{
    processed: number;
    resolved: number;
    unresolved: number;
    remaining: number;
    results: BackfillResult[];
  }> {
    const shopId = this.deps.shop.id;
    const threads = await this.em.execute<{ id: number; counterpart: string }[]>(
      `select id, counterpart from email_threads
       where shop_id = ? and phone is null and (phone_checked_at is null or phone_checked_at < now() - make_interval(days => ?))
       order by id limit ? for update skip locked`,
      [shopId, RECHECK_DAYS, BACKFILL_BATCH],
    );
    const emails = [...new Set(threads.map((t) => t.counterpart).filter(Boolean))];
    const resolved = await this.resolve(emails);
    const results: BackfillResult[] = threads.map((t) => {
      const found = resolved.get(t.counterpart);
      return {
        thread_id: Number(t.id),
        email: t.counterpart,
        phone: found?.phone ?? null,
        source: found?.source ?? 'not_found',
      };
    });
    const rows = results.map((r) => ({ id: r.thread_id, phone: r.phone }));
    if (rows.length > 0)
      await this.em.execute(
        `update email_threads t set phone = v.phone, phone_checked_at = case when v.phone is null then now() end, updated_at = now()
         from json_to_recordset(?::json) as v(id int, phone text) where t.id = v.id and t.shop_id = ?`,
        [JSON.stringify(rows), shopId],
      );
    const [{ remaining }] = await this.em.execute<{ remaining: string }[]>(
      `select count(*) as remaining from email_threads
       where shop_id = ? and phone is null and (phone_checked_at is null or phone_checked_at < now() - make_interval(days => ?))`,
      [shopId, RECHECK_DAYS],
    );
    const found = results.filter((r) => r.phone !== null).length;
    return {
      processed: results.length,
      resolved: found,
      unresolved: results.length - found,
      remaining: Number(remaining),
      results,
    };
  }

  /** Each address's phone: cached, else the CRM, else the customer records, else the storefront; ambiguous when two or more. */
  private async resolve(
    emails: string[],
  ): Promise<Map<string, { phone: string | null; source: BackfillResult['source'] }>> {
    const out = new Map<string, { phone: string | null; source: BackfillResult['source'] }>();
    if (emails.length === 0) return out;
    const cached = await this.em.find(EmailAddressPhone, { email: { $in: emails } });
    for (const row of cached) out.set(row.email, { phone: row.phone, source: 'cache' });
    const sources: [PhoneSource, (left: string[]) => Promise<Map<string, string[]>>][] = [];
    const groups = this.deps.kernelCatalog.names();
    if (groups.includes('crm')) sources.push(['crm', (left) => this.deps.crmCustomersService.numbersByEmail(left)]);
    if (groups.includes('customers'))
      sources.push(['customers', (left) => this.deps.customersService.phonesByEmail(left)]);
    if (groups.includes('integrations') && (await this.deps.ecommerceConnections.find()))
      sources.push(['storefront', (left) => this.storefrontPhones(left)]);
    for (const [source, lookup] of sources) {
      const left = emails.filter((e) => !out.has(e));
      if (left.length === 0) break;
      for (const [email, phones] of await lookup(left)) {
        if (phones.length > 1) out.set(email, { phone: null, source: 'ambiguous' });
        else {
          out.set(email, { phone: phones[0]!, source });
          await this.remember(email, phones[0]!, source);
        }
      }
    }
    return out;
  }

  /**
   * Each address's phones as the shop's storefront knows its customers, asked live. A store that
   * does not answer resolves nothing: the backfill goes on with what it has.
   */
  private async storefrontPhones(emails: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    for (const email of emails) {
      try {
        const { customers } = await this.deps.ecommerceLookups.findCustomers({ email });
        const phones = [
          ...new Set(customers.map((c) => phoneE164OrNull(c.phone ?? '')).filter((p): p is string => p !== null)),
        ];
        if (phones.length > 0) out.set(email, phones);
      } catch (err) {
        if (err instanceof ToolError) break;
        throw err;
      }
    }
    return out;
  }

  private async remember(email: string, phone: string, source: PhoneSource): Promise<void> {
    await this.em.execute(
      `insert into email_address_phones (shop_id, email, phone, source, created_at, updated_at) values (?, ?, ?, ?, now(), now())
       on conflict (shop_id, email) do update set phone = excluded.phone, source = excluded.source, updated_at = now()`,
      [this.deps.shop.id, email, phone, source],
    );
  }
}
