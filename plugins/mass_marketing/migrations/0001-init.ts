import { Migration } from '../../../core/index.js';

export class MassMarketingInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "marketing_blacklist" ("id" serial primary key, "shop_id" int not null, "phone" varchar(20) not null, "reason" varchar(500) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "marketing_blacklist_shop_id_index" on "marketing_blacklist" ("shop_id");`);
    this.addSql(
      `alter table "marketing_blacklist" add constraint "marketing_blacklist_shop_id_phone_unique" unique ("shop_id", "phone");`,
    );
    this.addSql(
      `create table "marketing_contact_lists" ("id" serial primary key, "shop_id" int not null, "name" varchar(100) not null, "description" text null, "member_count" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "marketing_contact_lists_shop_id_index" on "marketing_contact_lists" ("shop_id");`);
    this.addSql(
      `alter table "marketing_contact_lists" add constraint "marketing_contact_lists_shop_id_name_unique" unique ("shop_id", "name");`,
    );
    this.addSql(
      `create table "marketing_imports" ("id" serial primary key, "shop_id" int not null, "list_id" int not null, "source" text check ("source" in ('csv', 'manual', 'customers', 'crm', 'conversations', 'inactive', 'followup')) not null, "params" jsonb not null, "csv_text" text null, "status" text check ("status" in ('queued', 'running', 'completed', 'failed')) not null, "total_rows" int null, "processed_rows" int not null, "added_count" int not null, "duplicate_count" int not null, "invalid_count" int not null, "error" text null, "attempts" int not null, "lease_owner" varchar(100) null, "lease_until" timestamptz null, "created_at" timestamptz not null, "started_at" timestamptz null, "finished_at" timestamptz null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "marketing_imports_shop_id_index" on "marketing_imports" ("shop_id");`);
    this.addSql(`create index "marketing_imports_status_id_index" on "marketing_imports" ("status", "id");`);
    this.addSql(
      `create table "marketing_import_errors" ("id" serial primary key, "shop_id" int not null, "import_id" int not null, "line" int not null, "value" varchar(200) not null, "code" varchar(40) not null, "reason" varchar(200) not null);`,
    );
    this.addSql(`create index "marketing_import_errors_shop_id_index" on "marketing_import_errors" ("shop_id");`);
    this.addSql(
      `create index "marketing_import_errors_import_id_line_index" on "marketing_import_errors" ("import_id", "line");`,
    );
    this.addSql(
      `create table "marketing_list_members" ("list_id" int not null, "phone" varchar(20) not null, "shop_id" int not null, "name" varchar(200) null, "created_at" timestamptz not null, constraint "marketing_list_members_pkey" primary key ("list_id", "phone"));`,
    );
    this.addSql(`create index "marketing_list_members_shop_id_index" on "marketing_list_members" ("shop_id");`);
    this.addSql(
      `create table "marketing_settings" ("id" serial primary key, "shop_id" int not null, "auto_reply_enabled" boolean not null, "auto_reply_text" text null, "auto_reply_translate" boolean not null, "auto_reply_unsubscribe" boolean not null, "require_approval" boolean not null, "approval_threshold" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "marketing_settings_shop_id_index" on "marketing_settings" ("shop_id");`);
    this.addSql(
      `alter table "marketing_settings" add constraint "marketing_settings_shop_id_unique" unique ("shop_id");`,
    );
    this.addSql(
      `create table "marketing_unsubscribes" ("id" serial primary key, "shop_id" int not null, "phone" varchar(20) not null, "source" text check ("source" in ('reply', 'link', 'manual')) not null, "campaign_id" int null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "marketing_unsubscribes_shop_id_index" on "marketing_unsubscribes" ("shop_id");`);
    this.addSql(
      `alter table "marketing_unsubscribes" add constraint "marketing_unsubscribes_shop_id_phone_unique" unique ("shop_id", "phone");`,
    );
    this.addSql(
      `alter table "marketing_imports" add constraint "marketing_imports_list_id_foreign" foreign key ("list_id") references "marketing_contact_lists" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "marketing_import_errors" add constraint "marketing_import_errors_import_id_foreign" foreign key ("import_id") references "marketing_imports" ("id") on update cascade on delete cascade;`,
    );
  }
}
