import type { OwnStatements } from '../../../../core/index.js';

export interface PacerOptions {
  /** Messages a second each number may send (Meta's default 80; raised by Meta up to 1,000). */
  messagesPerSecond: number;
  /** Between two messages from one number to one customer (the pair rate, 131056). */
  pairIntervalMs: number;
}

/**
 * The Cloud API's throughput per number, counted across processes. Each number has a next free
 * send slot in `chatapp_number_pace`; a batch reserves as many consecutive slots (1/rate apart) as
 * it has messages for each number, in one statement for all its numbers, and each request leaves
 * at its slot time: the same budget whatever the number of processes, with no lock held while the
 * requests go. A
 * throughput refusal (130429) reserves the retry's slot after the backoff, which pushes the
 * number's next slot back for every process.
 *
 * The pair rate is paced here in the process: a message to a customer leaves no sooner than
 * `pairIntervalMs` after the number's last one to them; across processes a 131056 backs it off.
 *
 * The reservation is an own statement (core/db/own-statements.ts): on PostgreSQL it commits at
 * once, so a rolled-back send does not give back a slot the network already counted; on the
 * embedded engine it joins the caller's transaction.
 */
export class NumberPacer {
  private readonly pairs = new Map<string, number>();
  /** Numbers whose row exists: made once, then only updated. */
  private readonly known = new Set<string>();
  private lastPrune = 0;

  constructor(
    private readonly statements: OwnStatements,
    private readonly options: PacerOptions,
  ) {}

  get slotMs(): number {
    return 1000 / this.options.messagesPerSecond;
  }

  /**
   * For each number, `count` consecutive slots, not before `notBefore` (epoch ms): the time each
   * may leave. One statement for the whole batch, whatever its numbers (a campaign's batch spans
   * hundreds), after one that makes the rows of numbers this process has not paced yet. The rows
   * are locked in key order, so two processes pacing overlapping numbers never deadlock.
   */
  async reserve(counts: Map<string, number>, notBefore = 0): Promise<Map<string, number[]>> {
    const ids = [...counts.keys()].sort();
    const fresh = ids.filter((id) => !this.known.has(id));
    if (fresh.length > 0) {
      await this.statements.query(
        `insert into chatapp_number_pace (external_id, next_at)
         select id, clock_timestamp() from unnest($1::text[]) as id order by id on conflict (external_id) do nothing`,
        [fresh],
      );
      for (const id of fresh) this.known.add(id);
    }
    const spans = ids.map((id) => this.slotMs * counts.get(id)!);
    const rows = await this.statements.query<{ external_id: string; start: number | string }>(
      `with v as (select * from unnest($1::text[], $2::float8[]) as v(external_id, span)),
       locked as (select p.external_id from chatapp_number_pace p where p.external_id = any($1::text[]) order by p.external_id for update)
       update chatapp_number_pace p
         set next_at = greatest(p.next_at, clock_timestamp(), to_timestamp($3::float8 / 1000)) + make_interval(secs => v.span / 1000)
       from v where p.external_id = v.external_id and p.external_id in (select external_id from locked)
       returning p.external_id, extract(epoch from p.next_at)::float8 * 1000 - v.span as start`,
      [ids, spans, notBefore],
    );
    const slots = new Map(
      rows.map((r) => [
        r.external_id,
        Array.from({ length: counts.get(r.external_id)! }, (_, i) => Number(r.start) + i * this.slotMs),
      ]),
    );
    // A row made in a transaction that rolled back (the embedded engine's) is made again.
    const missing = ids.filter((id) => !slots.has(id));
    if (missing.length > 0) {
      for (const id of missing) this.known.delete(id);
      const rest = await this.reserve(new Map(missing.map((id) => [id, counts.get(id)!])), notBefore);
      for (const [id, times] of rest) slots.set(id, times);
    }
    return slots;
  }

  /** When a message to `to` may leave the number, at `at` or later; the pair's next turn is taken. */
  pairTurn(externalId: string, to: string, at: number): number {
    if (this.options.pairIntervalMs === 0) return at;
    const key = `${externalId}\n${to}`;
    const turn = Math.max(at, this.pairs.get(key) ?? 0);
    this.pairs.set(key, turn + this.options.pairIntervalMs);
    this.prune(at);
    return turn;
  }

  /** The network refused the pair (131056): its next turn not before `until`. */
  pairHoldBack(externalId: string, to: string, until: number): void {
    const key = `${externalId}\n${to}`;
    this.pairs.set(key, Math.max(this.pairs.get(key) ?? 0, until));
  }

  /**
   * Turns in the past say nothing: dropped once a pair interval, so the map holds about the pairs
   * of the last interval (a campaign's rate times 6 s), not every recipient of the last minute.
   */
  private prune(now: number) {
    if (now - this.lastPrune < this.options.pairIntervalMs) return;
    this.lastPrune = now;
    for (const [key, next] of this.pairs) if (next < now) this.pairs.delete(key);
  }
}
