import { Migration } from '../../../core/index.js';

export class AccountInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "account_profiles" ("id" serial primary key, "shop_id" int not null, "business_hours" jsonb null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "account_profiles_shop_id_index" on "account_profiles" ("shop_id");`);
    this.addSql(`alter table "account_profiles" add constraint "account_profiles_shop_id_unique" unique ("shop_id");`);
  }
}
