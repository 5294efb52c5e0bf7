import { Migration } from '../../../core/index.js';

/** Lookups by shop use the composite indexes that lead with shop_id; this one only cost each insert. */
export class WhatsappOpsShopIndexCovered extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "chatapp_messages_shop_id_index";`);
  }
}
