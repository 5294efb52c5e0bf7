import { Migration } from '../../../../core/index.js';

/** The session service's own table; the main server never runs this migration. */
export class SessionServiceInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "session_service_sessions" ("id" serial primary key, "shop_id" int not null, "session_key" varchar(64) not null, "api_key_hash" varchar(64) not null, "label" varchar(50) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "session_service_sessions_shop_id_index" on "session_service_sessions" ("shop_id");`);
    this.addSql(
      `alter table "session_service_sessions" add constraint "session_service_sessions_session_key_unique" unique ("session_key");`,
    );
    this.addSql(
      `alter table "session_service_sessions" add constraint "session_service_sessions_api_key_hash_unique" unique ("api_key_hash");`,
    );
  }
}
