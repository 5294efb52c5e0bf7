import { Migration } from '../../../core/index.js';

/**
 * The widgets: one chat and one product-question configuration per shop, document Q&A assistants
 * and their files (knowledge documents of the collection docqa:<id>), visitor sessions with their
 * messages, and the rate-limit counters every process shares.
 */
export class WidgetsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "widget_configs" ("id" serial primary key, "shop_id" int not null, "kind" text check ("kind" in ('chat', 'product-qa')) not null, "is_enabled" boolean not null, "allowed_domains" jsonb not null, "config_design" jsonb not null, "config_texts" jsonb not null, "config_behavior" jsonb not null, "avatar_url" varchar(2000) null, "language_mode" text check ("language_mode" in ('auto', 'fixed')) not null, "language_fixed" varchar(2) null, "language_available" jsonb not null, "language_show_selector" boolean not null, "rate_limit_per_session" int not null, "rate_limit_window_minutes" int not null, "require_verification" boolean not null, "custom_css" text null, "faq_enabled" boolean not null, "faq_max_per_product" int not null, "public_key" varchar(40) not null, "verification_secret" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "widget_configs_shop_id_index" on "widget_configs" ("shop_id");`);
    this.addSql(
      `alter table "widget_configs" add constraint "widget_configs_shop_id_kind_unique" unique ("shop_id", "kind");`,
    );
    this.addSql(
      `alter table "widget_configs" add constraint "widget_configs_public_key_unique" unique ("public_key");`,
    );
    this.addSql(
      `create table "widget_docqa_assistants" ("id" serial primary key, "shop_id" int not null, "display_name" varchar(120) not null, "prompt" text null, "is_enabled" boolean not null, "language_mode" text check ("language_mode" in ('auto', 'fixed', 'selector')) not null, "language_fixed" varchar(2) null, "language_available" jsonb not null, "language_show_selector" boolean not null, "rate_limit_per_session" int not null, "rate_limit_window_minutes" int null, "allowed_domains" jsonb not null, "config_design" jsonb not null, "config_texts" jsonb not null, "public_key" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "widget_docqa_assistants_shop_id_index" on "widget_docqa_assistants" ("shop_id");`);
    this.addSql(
      `alter table "widget_docqa_assistants" add constraint "widget_docqa_assistants_public_key_unique" unique ("public_key");`,
    );
    this.addSql(
      `create table "widget_docqa_files" ("id" serial primary key, "shop_id" int not null, "assistant_id" int not null, "document_id" int not null, "file_id" int null, "name" varchar(200) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "widget_docqa_files_shop_id_index" on "widget_docqa_files" ("shop_id");`);
    this.addSql(`create index "widget_docqa_files_assistant_id_index" on "widget_docqa_files" ("assistant_id");`);
    this.addSql(
      `create table "widget_sessions" ("id" varchar(40) not null, "shop_id" int not null, "widget" varchar(12) not null, "assistant_id" int null, "token_hash" varchar(64) not null, "origin" varchar(300) null, "page_url" varchar(2000) null, "language" varchar(2) not null, "status" text check ("status" in ('open', 'handed_off', 'closed')) not null, "ai_paused" boolean not null, "visitor_name" varchar(120) null, "customer_phone" varchar(20) null, "customer_email" varchar(254) null, "verified" boolean not null, "note" text null, "note_agent" varchar(120) null, "note_at" timestamptz null, "message_count" int not null, "last_message_at" timestamptz null, "created_at" timestamptz not null, constraint "widget_sessions_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "widget_sessions_shop_id_index" on "widget_sessions" ("shop_id");`);
    this.addSql(
      `create index "widget_sessions_shop_id_created_at_index" on "widget_sessions" ("shop_id", "created_at");`,
    );
    this.addSql(
      `create table "widget_messages" ("id" serial primary key, "shop_id" int not null, "session_id" varchar(40) not null, "role" text check ("role" in ('visitor', 'assistant', 'agent', 'system')) not null, "text" text not null, "citations" jsonb null, "agent_name" varchar(120) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "widget_messages_shop_id_index" on "widget_messages" ("shop_id");`);
    this.addSql(`create index "widget_messages_session_id_id_index" on "widget_messages" ("session_id", "id");`);
    this.addSql(
      `create table "widget_rate_counters" ("scope" varchar(120) not null, "shop_id" int not null, "window_start" timestamptz not null, "count" int not null, constraint "widget_rate_counters_pkey" primary key ("scope"));`,
    );
    this.addSql(`create index "widget_rate_counters_shop_id_index" on "widget_rate_counters" ("shop_id");`);
  }
}
