import { Migration } from '../../../core/index.js';

/** Customers by creation time for one shop: the stats group's new-customer counts over a period. */
export class CustomersByCreation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "customers_shop_id_created_at_index" on "customers" ("shop_id", "created_at");`);
  }
}
