import { Migration } from '../../../core/index.js';

export class AdvancedInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "webhook_endpoints" ("id" serial primary key, "shop_id" int not null, "enabled" boolean not null, "url" text null, "secret_sealed" text null, "previous_secret_sealed" text null, "previous_secret_until" timestamptz null, "events" jsonb not null, "status" text check ("status" in ('active', 'disabled_failing')) not null, "failing_since" timestamptz null, "disabled_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "webhook_endpoints_shop_id_index" on "webhook_endpoints" ("shop_id");`);
    this.addSql(
      `alter table "webhook_endpoints" add constraint "webhook_endpoints_shop_id_unique" unique ("shop_id");`,
    );
    this.addSql(
      `create table "webhook_deliveries" ("id" bigserial primary key, "shop_id" int not null, "delivery_id" varchar(40) not null, "event_type" varchar(60) not null, "payload" jsonb not null, "status" text check ("status" in ('pending', 'succeeded', 'failed', 'exhausted')) not null, "attempts" int not null, "last_status_code" int null, "last_error" text null, "next_attempt_at" timestamptz null, "created_at" timestamptz not null, "finished_at" timestamptz null);`,
    );
    this.addSql(`create index "webhook_deliveries_shop_id_index" on "webhook_deliveries" ("shop_id");`);
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_delivery_id_unique" unique ("delivery_id");`,
    );
    this.addSql(
      `create index "webhook_deliveries_shop_id_created_at_index" on "webhook_deliveries" ("shop_id", "created_at");`,
    );
    this.addSql(
      `create index "webhook_deliveries_shop_id_status_created_at_index" on "webhook_deliveries" ("shop_id", "status", "created_at");`,
    );
    this.addSql(
      `create table "webhook_attempts" ("id" bigserial primary key, "shop_id" int not null, "delivery_id" varchar(40) not null, "trigger" text check ("trigger" in ('auto', 'redeliver', 'recover', 'test')) not null, "succeeded" boolean not null, "status_code" int null, "duration_ms" int not null, "error" text null, "response_excerpt" text null, "attempted_at" timestamptz not null);`,
    );
    this.addSql(`create index "webhook_attempts_shop_id_index" on "webhook_attempts" ("shop_id");`);
    this.addSql(`create index "webhook_attempts_delivery_id_index" on "webhook_attempts" ("delivery_id");`);
  }
}
