import type { Services } from '../../../core/index.js';
import type { SkipReason } from '../entities/values.js';
import { HOURS_OF_WEEK } from './timing.js';

/** Older activity counts less: a message 30 days old weighs e^-1 of today's. */
const DECAY_DAYS = 30;

export interface StopCheck {
  id: number;
  phone: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * What smart_followup reads of other groups, through their read views: customers' activity by
 * hour of the week, names, and the facts that stop a follow-up (a reply, an agent's message, an
 * opt-out).
 */
export class FollowupActivityReader {
  constructor(private readonly deps: Services) {}

  /** Inbound messages by hour of the week (the shop's timezone), last 90 days, decayed; one customer or all. */
  async histogram(phone: string | null): Promise<{ histogram: number[]; samples: number }> {
    const rows = await this.deps.em.execute<{ how: number; weight: number; n: number }[]>(
      `select ((extract(isodow from created_at at time zone ?)::int - 1) * 24 + extract(hour from created_at at time zone ?)::int) as how,
              sum(exp(-extract(epoch from now() - created_at) / 86400.0 / ?))::float8 as weight, count(*)::int as n
       from chatapp_messages_view where shop_id = ? and direction = 'inbound' and created_at > now() - interval '90 days'
       ${phone !== null ? 'and phone = ?' : ''} group by 1`,
      [
        this.deps.shop.timezone,
        this.deps.shop.timezone,
        DECAY_DAYS,
        this.deps.shop.id,
        ...(phone !== null ? [phone] : []),
      ],
    );
    const histogram = new Array<number>(HOURS_OF_WEEK).fill(0);
    let samples = 0;
    for (const r of rows) {
      histogram[r.how] = r.weight;
      samples += r.n;
    }
    return { histogram, samples };
  }

  async customerName(phone: string): Promise<string | null> {
    return (await this.customerNames([phone])).get(phone) ?? null;
  }

  /** The customers' names (those with one), in one query. */
  async customerNames(phones: string[]): Promise<Map<string, string>> {
    const rows = await this.deps.em.execute<{ phone: string; name: string | null }[]>(
      'select phone, name from customers_view where shop_id = ? and phone = any(array(select json_array_elements_text(?::json)))',
      [this.deps.shop.id, JSON.stringify([...new Set(phones)])],
    );
    return new Map(rows.flatMap((r) => (r.name?.trim() ? [[r.phone, r.name.trim()]] : [])));
  }

  /**
   * Why each follow-up must not be sent now, if it must not: the customer wrote since it was
   * created, a person at the shop wrote to them since, they opted out, or it is past its age.
   */
  async stops(rows: StopCheck[]): Promise<Map<number, SkipReason>> {
    const stops = new Map<number, SkipReason>();
    if (rows.length === 0) return stops;
    const found = await this.deps.em.execute<{ id: number; replied: boolean; agent: boolean; opted_out: boolean }[]>(
      `select f.id,
         exists (select 1 from chatapp_messages_view m where m.shop_id = ? and m.phone = f.phone and m.direction = 'inbound' and m.created_at > f.created_at) as replied,
         exists (select 1 from chatapp_messages_view m where m.shop_id = ? and m.phone = f.phone and m.direction = 'outbound' and not m.automatic and m.created_at > f.created_at) as agent,
         exists (select 1 from chatapp_optouts_view o where o.shop_id = ? and o.phone = f.phone) as opted_out
       from json_to_recordset(?::json) as f(id int, phone text, created_at timestamptz)`,
      [
        this.deps.shop.id,
        this.deps.shop.id,
        this.deps.shop.id,
        JSON.stringify(rows.map((r) => ({ id: r.id, phone: r.phone, created_at: r.createdAt.toISOString() }))),
      ],
    );
    const now = Date.now();
    for (const row of rows) {
      const f = found.find((x) => x.id === row.id)!;
      const reason: SkipReason | null = f.opted_out
        ? 'opted_out'
        : f.replied
          ? 'replied'
          : f.agent
            ? 'agent_replied'
            : row.expiresAt.getTime() <= now
              ? 'expired'
              : null;
      if (reason) stops.set(row.id, reason);
    }
    return stops;
  }
}
