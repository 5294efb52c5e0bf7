import { Migration } from '../../../core/index.js';

/**
 * The messages still waiting in `sending` (what the retry job and the `sending` gauge look for)
 * are few at any time; the index on every message's status held one entry per message, all of them
 * under a handful of values, so each insert and each status change added one to the same few
 * pages.
 */
export class WhatsappOpsSendingIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "chatapp_messages_status_index";`);
    this.addSql(
      `create index "chatapp_messages_sending_index" on "chatapp_messages" ("shop_id", "id") where "status" = 'sending';`,
    );
  }
}
