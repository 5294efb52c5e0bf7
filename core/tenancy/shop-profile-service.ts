import type { EntityManager } from '@mikro-orm/postgresql';
import { KernelError } from '../errors/kernel-error.js';
import { currentShopId } from './tenant-filter.js';
import { notifyShopChanged } from './shop-changed.js';

/** The current shop's row as groups see it. */
export interface ShopRecord {
  id: number;
  name: string;
  timezone: string;
  locale: string;
  currency: string;
  maxAgents: number;
  creditsBalance: number;
  createdAt: Date;
}

export type ShopProfileChanges = Partial<Pick<ShopRecord, 'name' | 'timezone' | 'locale' | 'currency'>>;

const COLUMNS = 'id, name, timezone, locale, currency, max_agents, credits_balance, created_at';
// Column names come from this list, never from the caller's keys.
const PROFILE_COLUMNS = ['name', 'timezone', 'locale', 'currency'] as const;

/**
 * The current shop's own row, registered in DI as `shopProfile`. The kernel owns the shops table;
 * groups read the plan and profile, and change the profile fields, only through here. Values are
 * validated by the calling group. The call's ShopContext was loaded before the call began, so a
 * change shows in ctx.shop from the next call on (every process's authentication cache drops the
 * shop when the change commits).
 */
export class ShopProfileService {
  private readonly em: EntityManager;

  constructor({ em }: { em: EntityManager }) {
    this.em = em;
  }

  /**
   * `lock` takes the row lock until the call's transaction ends: per-shop limits (such as the agent
   * cap) checked after it cannot be raced by a concurrent call of the same shop.
   */
  async get(options: { lock?: boolean } = {}): Promise<ShopRecord> {
    const [row] = await this.em.execute(
      `select ${COLUMNS} from shops where id = ?${options.lock ? ' for update' : ''}`,
      [this.shopId()],
    );
    return toRecord(row);
  }

  async update(changes: ShopProfileChanges): Promise<ShopRecord> {
    const columns = PROFILE_COLUMNS.filter((column) => changes[column] !== undefined).map(
      (column) => [column, changes[column]] as const,
    );
    if (columns.length === 0) return this.get();
    const [row] = await this.em.execute(
      `update shops set ${columns.map(([column]) => `${column} = ?`).join(', ')} where id = ? returning ${COLUMNS}`,
      [...columns.map(([, value]) => value), this.shopId()],
    );
    await notifyShopChanged(this.em, this.shopId());
    return toRecord(row);
  }

  private shopId(): number {
    const id = currentShopId(this.em);
    if (id === undefined) throw new KernelError('KRN_ERR_NO_TENANT', 'shopProfile used without a shop scope');
    return id;
  }
}

const toRecord = (row: Record<string, unknown>): ShopRecord => ({
  id: Number(row.id),
  name: String(row.name),
  timezone: String(row.timezone),
  locale: String(row.locale),
  currency: String(row.currency),
  maxAgents: Number(row.max_agents),
  creditsBalance: Number(row.credits_balance),
  createdAt: new Date(row.created_at as string),
});
