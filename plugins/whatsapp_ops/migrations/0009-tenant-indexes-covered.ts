import { Migration } from '../../../core/index.js';

/**
 * Lookups by shop use the index or unique constraint that leads with shop_id
 * (core/db/collect-schema.ts); the column's own index only cost each insert, and each update that
 * moves an indexed column, one more entry.
 */
export class WhatsappOpsTenantIndexesCovered extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "chatapp_sessions_shop_id_index";`);
    this.addSql(`drop index "chatapp_optouts_shop_id_index";`);
    this.addSql(`drop index "chatapp_contact_windows_shop_id_index";`);
    this.addSql(`drop index "chatapp_processed_events_shop_id_index";`);
    this.addSql(`drop index "chatapp_archived_chats_shop_id_index";`);
    this.addSql(`drop index "chatapp_templates_shop_id_index";`);
  }
}
