import { Migration } from '../../../core/index.js';

/**
 * Lookups by shop use the index or unique constraint that leads with shop_id
 * (core/db/collect-schema.ts); the column's own index only cost each insert, and each update that
 * moves an indexed column, one more entry.
 */
export class KnowledgeTenantIndexesCovered extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "knowledge_snippets_shop_id_index";`);
    this.addSql(`drop index "knowledge_settings_shop_id_index";`);
    this.addSql(`drop index "knowledge_embeddings_shop_id_index";`);
    this.addSql(`drop index "knowledge_suggestions_shop_id_index";`);
    this.addSql(`drop index "knowledge_observations_shop_id_index";`);
    this.addSql(`drop index "knowledge_chunk_embeddings_shop_id_index";`);
  }
}
