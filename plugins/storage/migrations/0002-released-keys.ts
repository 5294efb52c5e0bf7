import { Migration } from '../../../core/index.js';

/** Bytes are deleted after the delete of their last file has committed (see ReleasedKey). */
export class StorageReleasedKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "storage_released_keys" ("id" serial primary key, "shop_id" int not null, "storage_key" varchar(200) not null, "released_at" timestamptz not null);`,
    );
    this.addSql(`create index "storage_released_keys_shop_id_index" on "storage_released_keys" ("shop_id");`);
    this.addSql(
      `alter table "storage_released_keys" add constraint "storage_released_keys_shop_id_storage_key_unique" unique ("shop_id", "storage_key");`,
    );
  }
}
