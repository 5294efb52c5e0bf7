import { Migration } from '../../../core/index.js';

/** The read view other groups may name in their SQL (readViews in the manifest): the stats group's AI figures. */
export class PromptReadViews extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create view "ai_usage_view" as select "shop_id", "id", "surface", "task", "engine", "source", "model", "input_tokens", "output_tokens", "latency_ms", "attempts", "outcome", "created_at" from "ai_usage";`,
    );
  }
}
