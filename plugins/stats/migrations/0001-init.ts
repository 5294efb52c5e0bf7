import { Migration } from '../../../core/index.js';

export class StatsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "stats_daily_messages" ("id" serial primary key, "shop_id" int not null, "day" varchar(10) not null, "inbound" int not null, "outbound" int not null, "automatic" int not null, "failed" int not null, "delivered" int not null, "read" int not null, "credits" bigint not null);`,
    );
    this.addSql(`create index "stats_daily_messages_shop_id_index" on "stats_daily_messages" ("shop_id");`);
    this.addSql(
      `alter table "stats_daily_messages" add constraint "stats_daily_messages_shop_id_day_unique" unique ("shop_id", "day");`,
    );
    this.addSql(
      `create table "stats_daily_contacts" ("id" bigserial primary key, "shop_id" int not null, "day" varchar(10) not null, "phone" varchar(20) not null);`,
    );
    this.addSql(`create index "stats_daily_contacts_shop_id_index" on "stats_daily_contacts" ("shop_id");`);
    this.addSql(
      `alter table "stats_daily_contacts" add constraint "stats_daily_contacts_shop_id_day_phone_unique" unique ("shop_id", "day", "phone");`,
    );
    this.addSql(
      `create table "stats_rollup_state" ("id" serial primary key, "shop_id" int not null, "zone" varchar(64) not null, "rolled_until" varchar(10) not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "stats_rollup_state_shop_id_index" on "stats_rollup_state" ("shop_id");`);
    this.addSql(
      `alter table "stats_rollup_state" add constraint "stats_rollup_state_shop_id_unique" unique ("shop_id");`,
    );
  }
}
