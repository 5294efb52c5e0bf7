import { Migration } from '../../../core/index.js';

/** The read view other groups may name in their SQL (readViews in the manifest): the stats group's ticket figures. */
export class TicketsReadViews extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create view "tickets_view" as select "shop_id", "id", "status", "priority", "category", "assigned_agent_id", "created_at", "resolved_at", "closed_at" from "tickets";`,
    );
    this.addSql(`create index "tickets_shop_id_created_at_index" on "tickets" ("shop_id", "created_at");`);
  }
}
