import { Migration } from '../../../core/index.js';

export class IntegrationsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "ecommerce_connections" ("id" serial primary key, "shop_id" int not null, "platform_type" text check ("platform_type" in ('ecomA', 'ecomB', 'ecomC', 'ecomD')) not null, "enabled" boolean not null, "store_url" text not null, "account_name" text null, "store_name" text not null, "currency" varchar(3) null, "timezone" varchar(64) null, "locales" jsonb not null, "credentials_sealed" text not null, "credential_hints" jsonb not null, "auth_mode" varchar(16) not null default 'header', "status" text check ("status" in ('active', 'error')) not null, "last_error" text null, "last_checked_at" timestamptz null, "locale_mode" text check ("locale_mode" in ('auto', 'fixed')) not null default 'auto', "fixed_locale" varchar(16) null, "content_locale_mode" text check ("content_locale_mode" in ('auto', 'fixed')) not null default 'auto', "content_fixed_locale" varchar(16) null, "fallback_locale" varchar(16) null, "feed_mode" text check ("feed_mode" in ('webhooks', 'polling')) not null, "hook_key" varchar(64) not null, "hook_secret_sealed" text null, "hooks" jsonb not null, "hooks_error" text null, "poll_cursor" timestamptz null, "last_poll_at" timestamptz null, "poll_error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "ecommerce_connections_shop_id_index" on "ecommerce_connections" ("shop_id");`);
    this.addSql(
      `alter table "ecommerce_connections" add constraint "ecommerce_connections_hook_key_unique" unique ("hook_key");`,
    );
    this.addSql(
      `alter table "ecommerce_connections" add constraint "ecommerce_connections_shop_id_platform_type_unique" unique ("shop_id", "platform_type");`,
    );
    this.addSql(
      `create table "ecommerce_events" ("id" bigserial primary key, "shop_id" int not null, "platform_type" text check ("platform_type" in ('ecomA', 'ecomB', 'ecomC', 'ecomD')) not null, "source" text check ("source" in ('webhook', 'poll')) not null, "event_key" varchar(200) not null, "topic" varchar(100) not null, "status" text check ("status" in ('accepted', 'ping', 'rejected_signature', 'failed')) not null, "resource_type" varchar(20) not null, "resource_ids" jsonb not null, "duplicates" int not null default 0, "error" text null, "received_at" timestamptz not null);`,
    );
    this.addSql(`create index "ecommerce_events_shop_id_index" on "ecommerce_events" ("shop_id");`);
    this.addSql(
      `create index "ecommerce_events_shop_id_received_at_index" on "ecommerce_events" ("shop_id", "received_at");`,
    );
    this.addSql(
      `alter table "ecommerce_events" add constraint "ecommerce_events_shop_id_platform_type_event_key_unique" unique ("shop_id", "platform_type", "event_key");`,
    );
  }
}
