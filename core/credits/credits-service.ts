import type { EntityManager } from '@mikro-orm/postgresql';
import { ToolError } from '../errors/tool-error.js';
import { currentShopId } from '../tenancy/tenant-filter.js';
import { KernelError } from '../errors/kernel-error.js';
import { CreditMovement, type CreditKind } from './credit-movement.entity.js';
import type { ScopedEvents } from '../events/event-bus.js';
import { sql } from '../db/sql.js';
import type { CommitHooks } from '../tools/commit-hooks.js';

export interface CreditsDeps {
  em: EntityManager;
  /** Present in a shop's call scope; credits.low is fired through it. */
  events?: ScopedEvents;
  /** The kernel's `credits` config; without it (operator grants) no threshold applies. */
  creditsConfig?: { lowBalance: number };
  /** The unit of work's commit hooks: a batch of debits is written just before the commit. */
  commit?: CommitHooks;
}

interface PendingDebit {
  amount: number;
  reference: string | null;
  reason: string;
}

const total = (debits: readonly { amount: number }[]) => debits.reduce((sum, d) => sum + d.amount, 0);

/** How many of the debits, in order, `balance` covers, and what it leaves. */
function covered(debits: readonly { amount: number }[], balance: number): { taken: number; left: number } {
  let taken = 0;
  while (taken < debits.length && balance >= debits[taken]!.amount) balance -= debits[taken++]!.amount;
  return { taken, left: balance };
}

/** The balance after each debit, taken in order from `start`: the ledger's balance_after. */
function balancesAfter(start: number, debits: readonly { amount: number }[]): number[] {
  return debits.map((d) => (start -= d.amount));
}

/**
 * The shop's credits. Every change is one conditional UPDATE of the balance plus one ledger row,
 * written through the caller's EntityManager so that a debit and the send it pays for commit or
 * roll back together. The balance can never go negative, also under concurrent debits. A batch of
 * debits (debitEach) in a unit of work's own transaction is written at its commit (debitAtCommit).
 */
export class CreditsService {
  /** debitEach's debits taken in this unit of work and written at its commit. */
  private pending: PendingDebit[] | undefined;

  constructor(private readonly deps: CreditsDeps) {}

  private get em() {
    return this.deps.em;
  }

  async balance(): Promise<number> {
    const [row] = await sql<{ credits_balance: string }>(this.em, 'select credits_balance from shops where id = $1', [
      this.shopId(),
    ]);
    return Number(row!.credits_balance);
  }

  /** Takes `amount` credits or throws insufficient_credits and changes nothing. */
  async debit(amount: number, reason: string, reference?: string, kind: CreditKind = 'spend'): Promise<number> {
    const rows = await this.em.execute(
      'update shops set credits_balance = credits_balance - ? where id = ? and credits_balance >= ? returning credits_balance',
      [amount, this.shopId(), amount],
    );
    if (rows.length === 0) {
      const balance = await this.balance();
      throw new ToolError('insufficient_credits', `This needs ${amount} credits and the shop has ${balance}.`, {
        required: amount,
        balance,
      });
    }
    const after = await this.record(-amount, Number(rows[0].credits_balance), reason, reference, kind);
    await this.announceLow(after + amount, after);
    return after;
  }

  /**
   * Takes the debits in order while the balance covers them (a batch of sends): one balance
   * update and a ledger row each. Returns how many were taken — always the first ones; each of
   * the rest gets the insufficient_credits error debit() would have thrown.
   */
  async debitEach(
    debits: { amount: number; reference?: string }[],
    reason: string,
  ): Promise<{ taken: number; refusals: ToolError[] }> {
    if (debits.length === 0) return { taken: 0, refusals: [] };
    const commit = this.deps.commit;
    if (commit?.transaction !== undefined && this.em.getTransactionContext() === commit.transaction)
      return this.debitAtCommit(debits, reason, commit);
    const [row] = await this.em.execute('select credits_balance from shops where id = ? for update', [this.shopId()]);
    const before = Number(row.credits_balance);
    const { taken, left } = covered(debits, before);
    const lines = debits.slice(0, taken);
    balancesAfter(before, lines).forEach((balanceAfter, i) =>
      this.em.create(CreditMovement, {
        amount: -lines[i]!.amount,
        balanceAfter,
        kind: 'spend',
        reason,
        reference: lines[i]!.reference ?? null,
      } as CreditMovement),
    );
    if (taken > 0) {
      await this.em.execute('update shops set credits_balance = ? where id = ?', [left, this.shopId()]);
      await this.em.flush();
      await this.announceLow(before, left);
    }
    return { taken, refusals: this.refusalsOf(debits.slice(taken), left) };
  }

  /**
   * debitEach inside a unit of work's own transaction. Which debits the credits cover is decided on
   * the balance as read now (less what this unit of work already took); the balance update and the
   * ledger lines are written just before the commit, so the shop row stays locked for the commit
   * only: a shop's concurrent send batches would otherwise queue on it for their whole transaction
   * (the campaign engine's limit). If another transaction spent the credits meanwhile, the
   * update finds too few and throws insufficient_credits, which rolls this unit of work back: the
   * balance never goes negative, and no message stays recorded without its debit.
   */
  private async debitAtCommit(
    debits: { amount: number; reference?: string }[],
    reason: string,
    commit: CommitHooks,
  ): Promise<{ taken: number; refusals: ToolError[] }> {
    const { taken, left } = covered(debits, (await this.balance()) - total(this.pending ?? []));
    if (taken === 0) return { taken, refusals: this.refusalsOf(debits, left) };
    if (!this.pending) {
      this.pending = [];
      commit.beforeCommit(() => this.settle());
    }
    for (const d of debits.slice(0, taken))
      this.pending.push({ amount: d.amount, reference: d.reference ?? null, reason });
    return { taken, refusals: this.refusalsOf(debits.slice(taken), left) };
  }

  /** Writes the pending debits: one conditional update of the balance and their ledger lines. */
  private async settle(): Promise<void> {
    const pending = this.pending!;
    this.pending = undefined;
    const amount = total(pending);
    const [row] = await sql<{ credits_balance: string }>(
      this.em,
      'update shops set credits_balance = credits_balance - $1 where id = $2 and credits_balance >= $1 returning credits_balance',
      [amount, this.shopId()],
    );
    if (!row) {
      const balance = await this.balance();
      throw new ToolError(
        'insufficient_credits',
        `These sends need ${amount} credits and the shop has ${balance}: other sends took the credits meanwhile.`,
        { required: amount, balance },
      );
    }
    const after = Number(row.credits_balance);
    await sql(
      this.em,
      `insert into credit_movements (shop_id, amount, balance_after, kind, reason, reference, created_at)
       select $1, -d.amount, d.balance_after, 'spend', d.reason, d.reference, now()
       from unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[]) with ordinality as d(amount, balance_after, reason, reference, n)
       order by d.n`,
      [
        this.shopId(),
        pending.map((d) => d.amount),
        // Each line's balance as if the debits were taken one after the other at the commit.
        balancesAfter(after + amount, pending),
        pending.map((d) => d.reason),
        pending.map((d) => d.reference),
      ],
    );
    await this.announceLow(after + amount, after);
  }

  private refusalsOf(debits: { amount: number }[], balance: number): ToolError[] {
    return debits.map(
      (d) =>
        new ToolError('insufficient_credits', `This needs ${d.amount} credits and the shop has ${balance}.`, {
          required: d.amount,
          balance,
        }),
    );
  }

  async add(amount: number, reason: string, reference?: string, kind: CreditKind = 'grant'): Promise<number> {
    const rows = await this.em.execute(
      'update shops set credits_balance = credits_balance + ? where id = ? returning credits_balance',
      [amount, this.shopId()],
    );
    return this.record(amount, Number(rows[0].credits_balance), reason, reference, kind);
  }

  /** The ledger's sums per kind over [from, to): what came in (purchases, grants, rewards) and went out. */
  async totals(from: Date, to: Date): Promise<Partial<Record<CreditKind, number>>> {
    const rows = await this.em.execute<{ kind: CreditKind; total: string }[]>(
      `select kind, coalesce(sum(amount), 0)::bigint as total from credit_movements
       where shop_id = ? and created_at >= ? and created_at < ? group by kind`,
      [this.shopId(), from, to],
    );
    return Object.fromEntries(rows.map((r) => [r.kind, Number(r.total)]));
  }

  /** The same sums per local day (YYYY-MM-DD in `zone`) and kind, for daily rollups. */
  async dailyTotals(from: Date, to: Date, zone: string): Promise<{ day: string; kind: CreditKind; total: number }[]> {
    const rows = await this.em.execute<{ day: string; kind: CreditKind; total: string }[]>(
      `select to_char(created_at at time zone ?, 'YYYY-MM-DD') as day, kind, sum(amount)::bigint as total
       from credit_movements where shop_id = ? and created_at >= ? and created_at < ? group by 1, 2`,
      [zone, this.shopId(), from, to],
    );
    return rows.map((r) => ({ day: r.day, kind: r.kind, total: Number(r.total) }));
  }

  /** Credits the shop has paid for and kept: its purchases less the ones given back. */
  async netPurchased(): Promise<number> {
    const [row] = await this.em.execute(
      `select coalesce(sum(amount), 0)::bigint as paid from credit_movements where shop_id = ? and kind in ('purchase', 'purchase_refund')`,
      [this.shopId()],
    );
    return Number(row.paid);
  }

  async movements(limit: number, offset: number) {
    const [items, total] = await this.em.findAndCount(CreditMovement, {}, { orderBy: { id: 'desc' }, limit, offset });
    return { items, total };
  }

  /**
   * Fires credits.low when this debit took the balance from at or above the threshold to below
   * it: once per crossing, so a shop sending its last credits one by one is told once, and again
   * only after a top-up lifted it back over. Computed from the debit's own before and after, with
   * no extra query on the send path.
   */
  private async announceLow(before: number, after: number): Promise<void> {
    const threshold = this.deps.creditsConfig?.lowBalance ?? 0;
    if (threshold > 0 && before >= threshold && after < threshold && this.deps.events)
      await this.deps.events.emit('credits.low', { balance: after, threshold });
  }

  private async record(
    amount: number,
    balanceAfter: number,
    reason: string,
    reference: string | undefined,
    kind: CreditKind,
  ) {
    this.em.create(CreditMovement, {
      amount,
      balanceAfter,
      kind,
      reason,
      reference: reference ?? null,
    } as CreditMovement);
    await this.em.flush();
    return balanceAfter;
  }

  private shopId(): number {
    const id = currentShopId(this.em);
    if (id === undefined) throw new KernelError('KRN_ERR_NO_TENANT', 'credits used without a shop scope');
    return id;
  }
}
