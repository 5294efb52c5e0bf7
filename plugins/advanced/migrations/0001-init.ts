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
    this.addSql(
      `create table "custom_functions" ("id" serial primary key, "shop_id" int not null, "name" varchar(40) not null, "description" text not null, "parameters" jsonb not null, "url" text not null, "method" text check ("method" in ('POST', 'GET')) not null, "headers_sealed" text null, "header_names" jsonb not null, "timeout_seconds" int not null, "surfaces" jsonb not null, "side_effects" text check ("side_effects" in ('read', 'write')) not null, "response_max_chars" int not null, "is_enabled" boolean not null, "secret_sealed" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "custom_functions_shop_id_index" on "custom_functions" ("shop_id");`);
    this.addSql(
      `alter table "custom_functions" add constraint "custom_functions_shop_id_name_unique" unique ("shop_id", "name");`,
    );
    this.addSql(
      `create table "custom_function_calls" ("id" bigserial primary key, "shop_id" int not null, "function_id" int not null, "function_name" varchar(40) not null, "source" text check ("source" in ('assistant', 'test')) not null, "surface" varchar(40) null, "status" text check ("status" in ('ok', 'error', 'timeout', 'invalid_arguments', 'blocked')) not null, "status_code" int null, "duration_ms" int not null, "arguments" jsonb not null, "result" text null, "truncated" boolean not null, "error" text null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "custom_function_calls_shop_id_index" on "custom_function_calls" ("shop_id");`);
    this.addSql(
      `create index "custom_function_calls_shop_id_function_id_created_at_index" on "custom_function_calls" ("shop_id", "function_id", "created_at");`,
    );
    this.addSql(
      `create index "custom_function_calls_shop_id_created_at_index" on "custom_function_calls" ("shop_id", "created_at");`,
    );
  }
}
