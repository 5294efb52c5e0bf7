import { Migration } from '../../../core/index.js';

/**
 * The shops' own providers (chatapp_providers), their templates, the send ledger of networks that
 * have no idempotency key; lines of a provider (provider_id, external_id, status_reason) with an
 * adapter column open to new provider kinds (text, no check); messages that carry a template, and
 * provider message ids as long as the Cloud API's. The sessions view is recreated around the
 * column change with the same columns.
 */
export class WhatsappOpsProviders extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "chatapp_providers" ("id" serial primary key, "shop_id" int not null, "key" varchar(40) not null, "kind" varchar(30) not null, "label" varchar(50) null, "settings" jsonb not null, "credentials_sealed" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "chatapp_providers_shop_id_index" on "chatapp_providers" ("shop_id");`);
    this.addSql(`alter table "chatapp_providers" add constraint "chatapp_providers_key_unique" unique ("key");`);
    this.addSql(
      `create table "chatapp_send_attempts" ("id" bigserial primary key, "shop_id" int not null, "session_key" varchar(64) not null, "idempotency_key" varchar(200) not null, "recipient" varchar(20) not null, "content_hash" varchar(64) not null, "status" text check ("status" in ('pending', 'sent', 'unknown')) not null, "provider_message_id" varchar(128) null, "sent_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "chatapp_send_attempts_shop_id_index" on "chatapp_send_attempts" ("shop_id");`);
    this.addSql(`create index "chatapp_send_attempts_created_at_index" on "chatapp_send_attempts" ("created_at");`);
    this.addSql(
      `alter table "chatapp_send_attempts" add constraint "chatapp_send_attempts_session_key_idempotency_key_unique" unique ("session_key", "idempotency_key");`,
    );
    this.addSql(
      `create table "chatapp_templates" ("id" serial primary key, "shop_id" int not null, "provider_id" int not null, "template_id" varchar(64) not null, "name" varchar(512) not null, "language" varchar(20) not null, "category" varchar(30) not null, "status" varchar(30) not null, "parameter_format" varchar(20) not null, "components" jsonb not null, "rejected_reason" text null, "synced_at" timestamptz not null);`,
    );
    this.addSql(`create index "chatapp_templates_shop_id_index" on "chatapp_templates" ("shop_id");`);
    this.addSql(
      `alter table "chatapp_templates" add constraint "chatapp_templates_shop_id_provider_id_name_language_unique" unique ("shop_id", "provider_id", "name", "language");`,
    );
    this.addSql(`drop view "chatapp_sessions_view";`);
    this.addSql(`alter table "chatapp_sessions" drop constraint if exists "chatapp_sessions_adapter_check";`);
    this.addSql(
      `alter table "chatapp_sessions" add column "provider_id" int null, add column "external_id" varchar(64) null, add column "status_reason" text null;`,
    );
    this.addSql(
      `alter table "chatapp_sessions" alter column "adapter" type varchar(30) using ("adapter"::varchar(30));`,
    );
    this.addSql(
      `create index "chatapp_sessions_shop_id_provider_id_external_id_index" on "chatapp_sessions" ("shop_id", "provider_id", "external_id");`,
    );
    this.addSql(
      `create view "chatapp_sessions_view" as select "shop_id", "id", "status", "mass_marketing_enabled", "label", "phone", "adapter", "sandbox", "connected_at", "disconnected_at", "created_at" from "chatapp_sessions";`,
    );
    this.addSql(`alter table "chatapp_messages" add column "template" jsonb null;`);
    this.addSql(
      `alter table "chatapp_messages" alter column "provider_message_id" type varchar(128) using ("provider_message_id"::varchar(128));`,
    );
  }
}
