import { Migration } from '../../../core/index.js';

/** For the stats group's channel health: what a line is and when it last connected and dropped (columns appended). */
export class WhatsappOpsLineHealthReads extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create or replace view "chatapp_sessions_view" as select "shop_id", "id", "status", "mass_marketing_enabled", "label", "phone", "adapter", "sandbox", "connected_at", "disconnected_at", "created_at" from "chatapp_sessions";`,
    );
  }
}
