import { Migration } from '../../../core/index.js';

/**
 * The read views other groups may name in their SQL (readViews in the manifest). They are this
 * group's promise: a change to the tables behind them recreates them with the same columns.
 */
export class WhatsappOpsReadViews extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create view "chatapp_messages_view" as select "shop_id", "id", "session_id", "phone", "direction", "text", "status", "idempotency_key", "credits_charged", "sent_at", "error", "created_at" from "chatapp_messages";`,
    );
    this.addSql(`create view "chatapp_optouts_view" as select "shop_id", "phone" from "chatapp_optouts";`);
    this.addSql(
      `create view "chatapp_sessions_view" as select "shop_id", "id", "status", "mass_marketing_enabled" from "chatapp_sessions";`,
    );
  }
}
