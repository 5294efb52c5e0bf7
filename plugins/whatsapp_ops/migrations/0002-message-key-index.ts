import { Migration } from '../../../core/index.js';

/** The send path looks an idempotency key up across the shop's lines; without this it scans. */
export class WhatsappOpsMessageKeyIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "chatapp_messages_shop_id_idempotency_key_index" on "chatapp_messages" ("shop_id", "idempotency_key");`,
    );
  }
}
