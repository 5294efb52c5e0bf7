import { Migration } from '../migration.js';

/**
 * Lookups by shop use the index or unique constraint that leads with shop_id
 * (core/db/collect-schema.ts); the column's own index only cost each insert, and each update that
 * moves an indexed column, one more entry.
 */
export class KernelTenantIndexesCovered extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "credit_movements_shop_id_index";`);
    this.addSql(`drop index "pending_confirmations_shop_id_index";`);
    this.addSql(`drop index "mcp_subscriptions_shop_id_index";`);
  }
}
