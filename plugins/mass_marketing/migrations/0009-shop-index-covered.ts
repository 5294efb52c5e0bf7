import { Migration } from '../../../core/index.js';

/**
 * Lookups by shop use the indexes that lead with shop_id; this one only cost each recipient row's
 * insert and its claim and result updates.
 */
export class MassMarketingShopIndexCovered extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "marketing_campaign_recipients_shop_id_index";`);
  }
}
