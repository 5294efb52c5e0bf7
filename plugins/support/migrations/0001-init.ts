import { Migration } from '../../../core/index.js';

export class SupportInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "support_tickets" ("id" serial primary key, "shop_id" int not null, "subject" varchar(200) not null, "category" text check ("category" in ('billing', 'technical', 'messaging', 'ai', 'other')) not null, "priority" text check ("priority" in ('low', 'normal', 'high', 'urgent')) not null, "status" text check ("status" in ('open', 'awaiting_support', 'awaiting_customer', 'resolved', 'closed')) not null, "diagnostics" jsonb null, "rating" int null, "rating_comment" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "resolved_at" timestamptz null, "closed_at" timestamptz null);`,
    );
    this.addSql(`create index "support_tickets_shop_id_index" on "support_tickets" ("shop_id");`);
    this.addSql(
      `create index "support_tickets_status_resolved_at_index" on "support_tickets" ("status", "resolved_at");`,
    );
    this.addSql(
      `create table "support_messages" ("id" serial primary key, "shop_id" int not null, "ticket_id" int not null, "author" text check ("author" in ('shop', 'support')) not null, "body" text not null, "created_at" timestamptz not null, "announced_at" timestamptz null);`,
    );
    this.addSql(`create index "support_messages_shop_id_index" on "support_messages" ("shop_id");`);
    this.addSql(`create index "support_messages_ticket_id_index" on "support_messages" ("ticket_id");`);
    this.addSql(
      `create index "support_messages_unannounced_index" on "support_messages" ("id") where "announced_at" is null and "author" = 'support';`,
    );
    this.addSql(
      `create table "platform_notices" ("id" serial primary key, "kind" text check ("kind" in ('maintenance', 'incident', 'info')) not null, "title" varchar(200) not null, "body" text null, "starts_at" timestamptz not null, "ends_at" timestamptz null, "created_at" timestamptz not null);`,
    );
  }
}
