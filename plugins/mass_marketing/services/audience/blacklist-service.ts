import {
  invalidArguments,
  normalizePhone,
  notFound,
  pageOf,
  type Paging,
  type Services,
} from '../../../../core/index.js';
import { BlacklistEntry } from '../../entities/blacklist-entry.entity.js';
import { blacklistPayload } from '../payloads.js';
import { allInvalid } from '../contacts/contact-lists-service.js';
import { transactionClient } from '../pg-client.js';
import { phoneErrors, splitPhones } from '../contacts/contact-rows.js';
import { phoneQueryDigits } from './phone-query.js';

export const REASON_MAX = 500;

const reasonOf = (reason: string | undefined) => {
  const text = reason?.trim() || null;
  if (text !== null && text.length > REASON_MAX)
    throw invalidArguments(`reason has more than ${REASON_MAX} characters.`, [
      { path: 'reason', message: `must have at most ${REASON_MAX} characters` },
    ]);
  return text;
};

/** Phones that never get a campaign. Adding a phone that is already there updates its reason. */
export class MarketingBlacklistService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async add(rawPhone: string, reason: string | undefined) {
    const phone = normalizePhone(rawPhone);
    const { entries, created } = await this.upsert([phone], reasonOf(reason));
    return { entry: blacklistPayload(entries[0]!), created: created.length === 1 };
  }

  /** Valid phones are added (or get the new reason); invalid ones are reported with their index. None valid → invalid_arguments. */
  async addMany(rawPhones: string[], reason: string | undefined) {
    const text = reasonOf(reason);
    const { phones, invalid } = splitPhones(rawPhones);
    if (phones.length === 0) throw allInvalid(phoneErrors(invalid), (i) => `phones.${i}`);
    const { entries, created } = await this.upsert(phones, text);
    return {
      entries: entries.map(blacklistPayload),
      added_count: created.length,
      already_count: phones.length - created.length,
      invalid,
    };
  }

  async list(query: string | undefined, paging: Paging) {
    const digits = phoneQueryDigits(query);
    const where = digits ? { phone: { $like: `%${digits}%` } } : {};
    const [items, count] = await this.em.findAndCount(BlacklistEntry, where, {
      orderBy: { id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf('entries', items.map(blacklistPayload), count, paging);
  }

  async remove(rawPhone: string) {
    const phone = normalizePhone(rawPhone);
    const entry = await this.em.findOne(BlacklistEntry, { phone });
    if (!entry) throw notFound('blacklist entry', phone);
    this.em.remove(entry);
    await this.em.flush();
    return { removed: true, phone, id: entry.id };
  }

  /**
   * Insert-or-update in one statement, so two concurrent adds of one phone both succeed. An existing
   * entry keeps its reason when none is given.
   */
  private async upsert(phones: string[], reason: string | null) {
    const client = await transactionClient(this.em);
    const { rows } = await client.query<{ id: number; created: boolean }>(
      `insert into marketing_blacklist (shop_id, phone, reason, created_at)
       select $1, phone, $2, now() from unnest($3::text[]) as p(phone)
       on conflict (shop_id, phone) do update set reason = coalesce(excluded.reason, marketing_blacklist.reason)
       returning id, (xmax = 0) as created`,
      [this.deps.shop.id, reason, phones],
    );
    const entries = await this.em.find(
      BlacklistEntry,
      { id: { $in: rows.map((r) => r.id) } },
      { orderBy: { phone: 'asc' }, refresh: true },
    );
    return { entries, created: rows.filter((r) => r.created) };
  }
}
