import { Migration } from '../../../core/index.js';

/** Resolutions as other groups may read them: knowledge mines them for training suggestions. */
export class TicketsResolutionsView extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create view "ticket_resolutions_view" as select n."shop_id", n."id", n."ticket_id", t."title", t."category", t."status" as "ticket_status", n."body" as "resolution", n."created_at" from "ticket_notes" n join "tickets" t on t."id" = n."ticket_id" and t."shop_id" = n."shop_id" where n."kind" = 'resolution';`,
    );
  }
}
