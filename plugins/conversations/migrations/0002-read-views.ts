import { Migration } from '../../../core/index.js';

/** The read view other groups may name in their SQL (readViews in the manifest): the stats group's conversation figures. */
export class ConversationsReadViews extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create view "conversations_view" as select "shop_id", "id", "session_id", "phone", "unread_count", "assigned_agent_id", "last_message_at", "created_at" from "conversations";`,
    );
  }
}
