import { Migration } from '../../../core/index.js';

/**
 * Lookups by shop use the index or unique constraint that leads with shop_id
 * (core/db/collect-schema.ts); the column's own index only cost each insert, and each update that
 * moves an indexed column, one more entry.
 */
export class StatsTenantIndexesCovered extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "stats_daily_messages_shop_id_index";`);
    this.addSql(`drop index "stats_hourly_messages_shop_id_index";`);
    this.addSql(`drop index "stats_daily_contacts_shop_id_index";`);
    this.addSql(`drop index "stats_daily_spend_shop_id_index";`);
    this.addSql(`drop index "stats_daily_credits_shop_id_index";`);
  }
}
