import { Migration } from '../../../core/index.js';

export class EmailInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "email_accounts" ("id" serial primary key, "shop_id" int not null, "label" varchar(120) null, "email_address" varchar(254) not null, "auth_type" text check ("auth_type" in ('basic', 'oauth2')) not null, "oauth_provider" text check ("oauth_provider" in ('gmail', 'microsoft', 'none')) null, "imap_host" varchar(253) null, "imap_port" int not null, "imap_tls" text check ("imap_tls" in ('ssl', 'starttls')) not null, "imap_user" varchar(254) not null, "imap_password_sealed" text null, "smtp_host" varchar(253) null, "smtp_port" int not null, "smtp_tls" text check ("smtp_tls" in ('ssl', 'starttls')) not null, "smtp_user" varchar(254) not null, "smtp_password_sealed" text null, "smtp_from_name" varchar(120) null, "agent_hashes" jsonb not null, "signature_html" text null, "is_active" boolean not null, "ai_classification_enabled" boolean not null, "imap_folder" varchar(200) not null, "sent_folder" varchar(200) null, "sent_copy" text check ("sent_copy" in ('server', 'append', 'none')) not null, "sync_since_days" int not null, "status" text check ("status" in ('active', 'inactive', 'auth_error', 'connection_error')) not null, "oauth_access_sealed" text null, "oauth_refresh_sealed" text null, "oauth_expires_at" timestamptz null, "last_error" text null, "consecutive_failures" int not null, "backoff_until" timestamptz null, "last_synced_at" timestamptz null, "sync_lease_until" timestamptz null, "idle_owner" varchar(64) null, "idle_lease_until" timestamptz null, "deleted_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "email_accounts_shop_id_index" on "email_accounts" ("shop_id");`);
    this.addSql(
      `create unique index "email_accounts_address_unique" on "email_accounts" ("shop_id", lower("email_address")) where "deleted_at" is null;`,
    );
    this.addSql(
      `create table "email_address_phones" ("id" serial primary key, "shop_id" int not null, "email" varchar(254) not null, "phone" varchar(20) not null, "source" text check ("source" in ('manual', 'crm', 'customers', 'storefront')) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "email_address_phones_shop_id_index" on "email_address_phones" ("shop_id");`);
    this.addSql(
      `alter table "email_address_phones" add constraint "email_address_phones_shop_id_email_unique" unique ("shop_id", "email");`,
    );
    this.addSql(
      `create table "email_attachments" ("id" serial primary key, "shop_id" int not null, "filename" varchar(255) not null, "content_type" varchar(255) not null, "size" int not null, "sha256" varchar(64) not null, "content" bytea not null, "used_at" timestamptz null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "email_attachments_shop_id_index" on "email_attachments" ("shop_id");`);
    this.addSql(
      `create table "email_folders" ("id" serial primary key, "shop_id" int not null, "account_id" int not null, "path" varchar(200) not null, "role" text check ("role" in ('inbox', 'sent')) not null, "uid_validity" bigint null, "last_uid" bigint not null, "highest_modseq" varchar(20) null, "last_synced_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "email_folders_shop_id_index" on "email_folders" ("shop_id");`);
    this.addSql(
      `alter table "email_folders" add constraint "email_folders_account_id_path_unique" unique ("account_id", "path");`,
    );
    this.addSql(
      `create table "email_messages" ("id" serial primary key, "shop_id" int not null, "account_id" int not null, "thread_id" int not null, "direction" text check ("direction" in ('inbound', 'outbound')) not null, "status" text check ("status" in ('received', 'scheduled', 'queued', 'sending', 'sent', 'failed')) not null, "message_id_header" varchar(500) not null, "in_reply_to" varchar(500) null, "references" jsonb not null, "from_address" varchar(254) not null, "from_name" varchar(200) null, "to_addresses" jsonb not null, "cc_addresses" jsonb not null, "bcc_addresses" jsonb not null, "subject" text not null, "body_text" text null, "body_html" text null, "preview" varchar(300) not null, "attachments" jsonb not null, "imap_folder" varchar(200) null, "imap_uid" bigint null, "sent_at" timestamptz null, "scheduled_at" timestamptz null, "claimed_at" timestamptz null, "attempts" int not null, "last_error" text null, "agent_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "email_messages_shop_id_index" on "email_messages" ("shop_id");`);
    this.addSql(`create index "email_messages_thread_id_index" on "email_messages" ("thread_id");`);
    this.addSql(
      `create index "email_messages_scheduled_index" on "email_messages" ("scheduled_at") where "status" = 'scheduled';`,
    );
    this.addSql(
      `alter table "email_messages" add constraint "email_messages_account_id_message_id_header_unique" unique ("account_id", "message_id_header");`,
    );
    this.addSql(
      `create table "email_notes" ("id" serial primary key, "shop_id" int not null, "thread_id" int not null, "note_text" text not null, "agent_name" varchar(120) null, "agent_color" varchar(7) null, "avatar_url" varchar(2000) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "email_notes_shop_id_index" on "email_notes" ("shop_id");`);
    this.addSql(`create index "email_notes_thread_id_index" on "email_notes" ("thread_id");`);
    this.addSql(
      `create table "email_threads" ("id" serial primary key, "shop_id" int not null, "account_id" int not null, "subject" text not null, "subject_key" varchar(200) not null, "counterpart" varchar(254) not null, "participants" jsonb not null, "phone" varchar(20) null, "phone_checked_at" timestamptz null, "status" text check ("status" in ('open', 'pending', 'closed', 'spam')) not null, "assigned_agent_id" int null, "category" varchar(20) null, "intent" varchar(40) null, "priority" varchar(10) null, "classified_by" varchar(20) null, "unread" boolean not null, "snoozed_until" timestamptz null, "message_count" int not null, "last_message_at" timestamptz not null, "last_inbound_at" timestamptz null, "first_response_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "email_threads_shop_id_index" on "email_threads" ("shop_id");`);
    this.addSql(`create index "email_threads_account_id_index" on "email_threads" ("account_id");`);
    this.addSql(
      `create index "email_threads_shop_id_last_message_at_id_index" on "email_threads" ("shop_id", "last_message_at", "id");`,
    );
    this.addSql(
      `create index "email_threads_shop_id_counterpart_index" on "email_threads" ("shop_id", "counterpart");`,
    );
    this.addSql(
      `create index "email_threads_subject_trgm_index" on "email_threads" using gin ("subject" gin_trgm_ops);`,
    );
    this.addSql(
      `create index "email_threads_counterpart_trgm_index" on "email_threads" using gin ("counterpart" gin_trgm_ops);`,
    );
    this.addSql(
      `create index "email_threads_without_phone_index" on "email_threads" ("shop_id", "id") where "phone" is null;`,
    );
    this.addSql(
      `create table "email_thread_keys" ("id" serial primary key, "shop_id" int not null, "account_id" int not null, "message_key" varchar(500) not null, "thread_id" int not null);`,
    );
    this.addSql(`create index "email_thread_keys_shop_id_index" on "email_thread_keys" ("shop_id");`);
    this.addSql(`create index "email_thread_keys_thread_id_index" on "email_thread_keys" ("thread_id");`);
    this.addSql(
      `alter table "email_thread_keys" add constraint "email_thread_keys_account_id_message_key_unique" unique ("account_id", "message_key");`,
    );
  }
}
