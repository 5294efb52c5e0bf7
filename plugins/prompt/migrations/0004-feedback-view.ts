import { Migration } from '../../../core/index.js';

/** Agents' corrections as other groups may read them: knowledge mines them for training suggestions. */
export class PromptFeedbackView extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create view "ai_feedback_view" as select "shop_id", "id", "surface", "rating", "answer", "correction", "category", "created_at" from "ai_feedback";`,
    );
  }
}
