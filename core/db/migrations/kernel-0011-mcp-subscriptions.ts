import { Migration } from '../migration.js';

/** Who listens to what on a standing MCP stream (core/resources/mcp-subscription.entity.ts). */
export class KernelMcpSubscriptions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "mcp_subscriptions" ("id" bigserial primary key, "shop_id" int not null, "session_key" varchar(32) not null, "topic" text not null, "seen_at" timestamptz not null);`,
    );
    this.addSql(`create index "mcp_subscriptions_shop_id_index" on "mcp_subscriptions" ("shop_id");`);
    this.addSql(
      `alter table "mcp_subscriptions" add constraint "mcp_subscriptions_shop_id_topic_session_key_unique" unique ("shop_id", "topic", "session_key");`,
    );
  }
}
