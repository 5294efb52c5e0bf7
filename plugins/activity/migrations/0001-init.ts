import { Migration } from '../../../core/index.js';

export class ActivityInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "activity_entries" ("id" bigserial primary key, "shop_id" int not null, "at" timestamptz not null, "kind" varchar(16) not null, "actor" varchar(32) not null, "token" varchar(64) null, "tool" varchar(64) not null, "group_name" varchar(64) not null, "resource_type" varchar(64) null, "resource_id" varchar(200) null, "arguments" jsonb not null, "outcome" varchar(16) not null, "error_code" varchar(64) null, "request_id" varchar(64) not null);`,
    );
    this.addSql(`create index "activity_entries_shop_id_index" on "activity_entries" ("shop_id");`);
    this.addSql(`create index "activity_entries_shop_id_id_index" on "activity_entries" ("shop_id", "id");`);
    this.addSql(
      `create index "activity_entries_shop_id_resource_type_resource_id_id_index" on "activity_entries" ("shop_id", "resource_type", "resource_id", "id");`,
    );
    this.addSql(
      `create table "activity_settings" ("id" serial primary key, "shop_id" int not null, "retention_days" int not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "activity_settings_shop_id_index" on "activity_settings" ("shop_id");`);
    this.addSql(
      `alter table "activity_settings" add constraint "activity_settings_shop_id_unique" unique ("shop_id");`,
    );
  }
}
