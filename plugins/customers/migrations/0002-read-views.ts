import { Migration } from '../../../core/index.js';

/**
 * The read views other groups may name in their SQL (readViews in the manifest). They are this
 * group's promise: a change to the tables behind them recreates them with the same columns.
 */
export class CustomersReadViews extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create view "customers_view" as select "shop_id", "id", "phone", "name", "last_contact_at", "created_at" from "customers";`,
    );
    this.addSql(`create view "customer_tags_view" as select "shop_id", "customer_id", "name" from "customer_tags";`);
  }
}
