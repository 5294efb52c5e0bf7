import { Migration } from '../migration.js';

/** The ledger read by time for one shop (the stats group's daily sums, a period's totals). */
export class KernelLedgerByTime extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "credit_movements_shop_id_created_at_index" on "credit_movements" ("shop_id", "created_at");`,
    );
  }
}
