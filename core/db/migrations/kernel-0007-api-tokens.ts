import { Migration } from '../migration.js';

/** Named tokens of a shop, limited to groups, read-only or expiring (core/auth/api-token.entity.ts). */
export class KernelApiTokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "api_tokens" ("id" bigserial primary key, "shop_id" int not null, "name" varchar(64) not null, "token_hash" varchar(64) not null, "groups" text[] null, "read_only" boolean not null, "expires_at" timestamptz null, "created_at" timestamptz not null, "revoked_at" timestamptz null);`,
    );
    this.addSql(`create index "api_tokens_shop_id_index" on "api_tokens" ("shop_id");`);
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(
      `create unique index "api_tokens_live_name_unique" on "api_tokens" ("shop_id", "name") where "revoked_at" is null;`,
    );
  }
}
