import { Migration } from '../../../core/index.js';

/** The group's own tables; the sandbox engine's come first, under their shared names (sandbox/migrations). */
export class WhatsappOpsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "chatapp_archived_chats" ("id" serial primary key, "shop_id" int not null, "session_id" int not null, "phone" varchar(20) not null, "archived_at" timestamptz not null);`,
    );
    this.addSql(`create index "chatapp_archived_chats_shop_id_index" on "chatapp_archived_chats" ("shop_id");`);
    this.addSql(
      `alter table "chatapp_archived_chats" add constraint "chatapp_archived_chats_shop_id_session_id_phone_unique" unique ("shop_id", "session_id", "phone");`,
    );
    this.addSql(
      `create table "chatapp_contact_windows" ("id" serial primary key, "shop_id" int not null, "line_phone" varchar(20) not null, "customer_phone" varchar(20) not null, "last_inbound_at" timestamptz not null, "last_session_id" int not null);`,
    );
    this.addSql(`create index "chatapp_contact_windows_shop_id_index" on "chatapp_contact_windows" ("shop_id");`);
    this.addSql(
      `alter table "chatapp_contact_windows" add constraint "chatapp_contact_windows_shop_id_line_phone_custom_1f28f_unique" unique ("shop_id", "line_phone", "customer_phone");`,
    );
    this.addSql(
      `create table "chatapp_optouts" ("id" serial primary key, "shop_id" int not null, "phone" varchar(20) not null, "reason" varchar(500) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "chatapp_optouts_shop_id_index" on "chatapp_optouts" ("shop_id");`);
    this.addSql(
      `alter table "chatapp_optouts" add constraint "chatapp_optouts_shop_id_phone_unique" unique ("shop_id", "phone");`,
    );
    this.addSql(
      `create table "chatapp_processed_events" ("id" bigserial primary key, "shop_id" int not null, "event_id" varchar(64) not null, "processed_at" timestamptz not null);`,
    );
    this.addSql(`create index "chatapp_processed_events_shop_id_index" on "chatapp_processed_events" ("shop_id");`);
    this.addSql(
      `create index "chatapp_processed_events_processed_at_index" on "chatapp_processed_events" ("processed_at");`,
    );
    this.addSql(
      `alter table "chatapp_processed_events" add constraint "chatapp_processed_events_shop_id_event_id_unique" unique ("shop_id", "event_id");`,
    );
    this.addSql(
      `create table "chatapp_scheduled_messages" ("id" serial primary key, "shop_id" int not null, "phone" varchar(20) not null, "text" text not null, "session_id" int null, "send_at" timestamptz not null, "status" text check ("status" in ('scheduled', 'sending', 'sent', 'failed', 'cancelled')) not null, "attempts" int not null, "claimed_at" timestamptz null, "message_id" int null, "error" text null, "cancelled_at" timestamptz null, "cancelled_by_agent_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "chatapp_scheduled_messages_shop_id_index" on "chatapp_scheduled_messages" ("shop_id");`);
    this.addSql(
      `create index "chatapp_scheduled_messages_status_send_at_index" on "chatapp_scheduled_messages" ("status", "send_at");`,
    );
    this.addSql(
      `create table "chatapp_sessions" ("id" serial primary key, "shop_id" int not null, "label" varchar(50) null, "session_key" varchar(64) not null, "api_key_sealed" text null, "adapter" text check ("adapter" in ('sandbox', 'session-service')) not null, "sandbox" boolean not null, "routing_roles" jsonb not null, "mass_marketing_enabled" boolean not null, "status" text check ("status" in ('awaiting_pairing', 'connected', 'disconnected')) not null, "phone" varchar(20) null, "connected_at" timestamptz null, "disconnected_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "chatapp_sessions_shop_id_index" on "chatapp_sessions" ("shop_id");`);
    this.addSql(
      `alter table "chatapp_sessions" add constraint "chatapp_sessions_session_key_unique" unique ("session_key");`,
    );
    this.addSql(
      `create table "chatapp_messages" ("id" serial primary key, "shop_id" int not null, "session_id" int not null, "phone" varchar(20) not null, "direction" text check ("direction" in ('inbound', 'outbound')) not null, "text" text null, "media" jsonb null, "status" text check ("status" in ('sending', 'sent', 'delivered', 'read', 'failed', 'received')) not null, "provider_message_id" varchar(64) null, "idempotency_key" varchar(200) null, "automatic" boolean not null, "billing_source" varchar(40) null, "credits_charged" int not null, "error" text null, "sent_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "chatapp_messages_shop_id_index" on "chatapp_messages" ("shop_id");`);
    this.addSql(`create index "chatapp_messages_shop_id_phone_index" on "chatapp_messages" ("shop_id", "phone");`);
    this.addSql(`create index "chatapp_messages_status_index" on "chatapp_messages" ("status");`);
    this.addSql(
      `alter table "chatapp_messages" add constraint "chatapp_messages_shop_id_session_id_provider_message_id_unique" unique ("shop_id", "session_id", "provider_message_id");`,
    );
    this.addSql(
      `alter table "chatapp_messages" add constraint "chatapp_messages_shop_id_session_id_idempotency_key_unique" unique ("shop_id", "session_id", "idempotency_key");`,
    );
    this.addSql(
      `create table "chatapp_settings" ("id" serial primary key, "shop_id" int not null, "window_hours" int null, "filters" jsonb not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "chatapp_settings_shop_id_index" on "chatapp_settings" ("shop_id");`);
    this.addSql(`alter table "chatapp_settings" add constraint "chatapp_settings_shop_id_unique" unique ("shop_id");`);
    this.addSql(
      `alter table "chatapp_messages" add constraint "chatapp_messages_session_id_foreign" foreign key ("session_id") references "chatapp_sessions" ("id") on update cascade;`,
    );
  }
}
