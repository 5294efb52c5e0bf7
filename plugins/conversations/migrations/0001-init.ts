import { Migration } from '../../../core/index.js';

export class ConversationsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "conversations" ("id" serial primary key, "shop_id" int not null, "session_id" int not null, "phone" varchar(20) not null, "unread_count" int not null, "last_message_at" timestamptz not null, "last_message_preview" varchar(200) not null, "last_direction" text check ("last_direction" in ('inbound', 'outbound')) not null, "last_message_id" int not null, "last_message_status" text check ("last_message_status" in ('sending', 'sent', 'delivered', 'read', 'failed', 'received')) not null, "assigned_agent_id" int null, "read_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "conversations_shop_id_index" on "conversations" ("shop_id");`);
    this.addSql(`create index "conversations_assigned_agent_id_index" on "conversations" ("assigned_agent_id");`);
    this.addSql(
      `create index "conversations_shop_id_last_message_at_index" on "conversations" ("shop_id", "last_message_at");`,
    );
    this.addSql(
      `alter table "conversations" add constraint "conversations_shop_id_session_id_phone_unique" unique ("shop_id", "session_id", "phone");`,
    );
  }
}
