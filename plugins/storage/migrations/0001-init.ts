import { Migration } from '../../../core/index.js';

export class StorageInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "storage_files" ("id" serial primary key, "shop_id" int not null, "filename" varchar(200) not null, "purpose" text check ("purpose" in ('chat_media', 'campaign_media', 'docqa', 'knowledge', 'avatar', 'export', 'recording')) not null, "content_type" varchar(120) not null, "size_bytes" bigint not null, "sha256" varchar(64) null, "status" text check ("status" in ('pending', 'ready')) not null, "storage_key" varchar(200) null, "tags" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "storage_files_shop_id_index" on "storage_files" ("shop_id");`);
    this.addSql(`create index "storage_files_shop_id_sha256_index" on "storage_files" ("shop_id", "sha256");`);
    this.addSql(`create index "storage_files_shop_id_purpose_index" on "storage_files" ("shop_id", "purpose");`);
    this.addSql(
      `create table "storage_file_references" ("id" serial primary key, "shop_id" int not null, "file_id" int not null, "owner_group" varchar(64) not null, "owner_type" varchar(64) not null, "owner_id" varchar(64) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "storage_file_references_shop_id_index" on "storage_file_references" ("shop_id");`);
    this.addSql(`create index "storage_file_references_file_id_index" on "storage_file_references" ("file_id");`);
    this.addSql(
      `alter table "storage_file_references" add constraint "storage_file_references_shop_id_file_id_owner_gro_c37e9_unique" unique ("shop_id", "file_id", "owner_group", "owner_type", "owner_id");`,
    );
  }
}
