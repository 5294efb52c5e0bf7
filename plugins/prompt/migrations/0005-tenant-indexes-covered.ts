import { Migration } from '../../../core/index.js';

/**
 * Lookups by shop use the index or unique constraint that leads with shop_id
 * (core/db/collect-schema.ts); the column's own index only cost each insert, and each update that
 * moves an indexed column, one more entry.
 */
export class PromptTenantIndexesCovered extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "ai_provider_settings_shop_id_index";`);
    this.addSql(`drop index "ai_usage_shop_id_index";`);
    this.addSql(`drop index "prompt_versions_shop_id_index";`);
    this.addSql(`drop index "ai_learning_settings_shop_id_index";`);
    this.addSql(`drop index "ai_learned_rules_shop_id_index";`);
  }
}
