import { Migration } from '../../../core/index.js';

/**
 * Each Cloud API number's next free send slot, shared by every server process. Keyed by Meta's
 * phone_number_id without a shop: the limit is the number's at Meta, whichever shop sends from it.
 */
export class WhatsappOpsNumberPace extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "chatapp_number_pace" ("external_id" varchar(64) primary key, "next_at" timestamptz not null);`,
    );
  }
}
