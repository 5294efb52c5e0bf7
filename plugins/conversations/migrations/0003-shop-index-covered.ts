import { Migration } from '../../../core/index.js';

/** Lookups by shop use the indexes that lead with shop_id; this one only cost each write of a conversation. */
export class ConversationsShopIndexCovered extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "conversations_shop_id_index";`);
  }
}
