import { Migration } from '../../../core/index.js';

/**
 * Distinct writers per range from a small array per day (no union of daily phone sets), messages
 * per local hour (the heatmap), paid messages by billing source, and the credits ledger by day. The rollups start again,
 * so every day gets its writers and hours.
 */
export class StatsMoreRollups extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "stats_daily_messages" add column "writers" int[] not null default '{}';`);
    this.addSql(`alter table "stats_daily_messages" alter column "writers" drop default;`);
    this.addSql(
      `create index "stats_daily_contacts_shop_id_phone_day_index" on "stats_daily_contacts" ("shop_id", "phone", "day");`,
    );
    this.addSql(
      `create table "stats_daily_credits" ("id" serial primary key, "shop_id" int not null, "day" varchar(10) not null, "kind" varchar(16) not null, "amount" bigint not null);`,
    );
    this.addSql(`create index "stats_daily_credits_shop_id_index" on "stats_daily_credits" ("shop_id");`);
    this.addSql(
      `alter table "stats_daily_credits" add constraint "stats_daily_credits_shop_id_day_kind_unique" unique ("shop_id", "day", "kind");`,
    );
    this.addSql(
      `create table "stats_hourly_messages" ("id" serial primary key, "shop_id" int not null, "day" varchar(10) not null, "hour" smallint not null, "inbound" int not null, "outbound" int not null);`,
    );
    this.addSql(`create index "stats_hourly_messages_shop_id_index" on "stats_hourly_messages" ("shop_id");`);
    this.addSql(
      `alter table "stats_hourly_messages" add constraint "stats_hourly_messages_shop_id_day_hour_unique" unique ("shop_id", "day", "hour");`,
    );
    this.addSql(
      `create table "stats_daily_spend" ("id" serial primary key, "shop_id" int not null, "day" varchar(10) not null, "source" varchar(40) not null, "messages" int not null, "credits" bigint not null);`,
    );
    this.addSql(`create index "stats_daily_spend_shop_id_index" on "stats_daily_spend" ("shop_id");`);
    this.addSql(
      `alter table "stats_daily_spend" add constraint "stats_daily_spend_shop_id_day_source_unique" unique ("shop_id", "day", "source");`,
    );
    this.addSql(`delete from "stats_daily_messages";`);
    this.addSql(`delete from "stats_daily_contacts";`);
    this.addSql(`delete from "stats_rollup_state";`);
  }
}
