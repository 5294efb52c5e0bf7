import { Migration } from '../../../core/index.js';

/**
 * For the stats group: messages by time for one shop (an index on shop and creation time), and
 * the view says which messages automation sent and what paid for them (columns appended, so the
 * view keeps every column it had).
 */
export class WhatsappOpsStatsReads extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "chatapp_messages_shop_id_created_at_index" on "chatapp_messages" ("shop_id", "created_at");`,
    );
    this.addSql(
      `create or replace view "chatapp_messages_view" as select "shop_id", "id", "session_id", "phone", "direction", "text", "status", "idempotency_key", "credits_charged", "sent_at", "error", "created_at", "automatic", "billing_source" from "chatapp_messages";`,
    );
  }
}
