import { Migration } from '../../../core/index.js';

/** Indexes for the inbox's filtered views (list_email_threads by status, agent, mailbox, category, unread). */
export class EmailInboxViews extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "email_threads_account_id_index";`);
    this.addSql(
      `create index "email_threads_by_status_index" on "email_threads" ("shop_id", "status", "last_message_at", "id");`,
    );
    this.addSql(
      `create index "email_threads_by_agent_index" on "email_threads" ("shop_id", "assigned_agent_id", "last_message_at", "id");`,
    );
    this.addSql(
      `create index "email_threads_by_account_index" on "email_threads" ("account_id", "last_message_at", "id");`,
    );
    this.addSql(`create index "email_threads_by_category_index" on "email_threads" ("shop_id", "category", "unread");`);
  }
}
