import { Migration } from '../../../core/index.js';

export class CrmFieldDefinitions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "crm_field_definitions" ("id" serial primary key, "shop_id" int not null, "key" varchar(64) not null, "label" varchar(120) not null, "type" text check ("type" in ('text', 'number', 'boolean', 'date', 'select', 'email', 'url')) not null, "options" jsonb not null, "required" boolean not null, "description" text null, "show_to_ai" boolean not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "crm_field_definitions_shop_id_index" on "crm_field_definitions" ("shop_id");`);
    this.addSql(
      `alter table "crm_field_definitions" add constraint "crm_field_definitions_shop_id_key_unique" unique ("shop_id", "key");`,
    );
  }
}
