import { Migration } from '../../../core/index.js';

/**
 * The read view other groups may name in their SQL (readViews in the manifest). It is this
 * group's promise: a change to the table behind it recreates it with the same columns.
 */
export class CrmReadViews extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create view "crm_customers_view" as select "shop_id", "customer_id", "whatsapp_number", "name", "stage" from "crm_customers";`,
    );
  }
}
