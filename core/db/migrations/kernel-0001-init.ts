import { Migration } from '../migration.js';

export class KernelInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "shops" ("id" serial primary key, "name" varchar(200) not null, "token_hash" varchar(64) not null, "timezone" varchar(64) not null, "locale" varchar(16) not null, "currency" varchar(3) not null, "max_agents" int not null, "credits_balance" bigint not null, "created_at" timestamptz not null, "token_rotated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "shops" add constraint "shops_token_hash_unique" unique ("token_hash");`);
    this.addSql(
      `create table "credit_movements" ("id" bigserial primary key, "shop_id" int not null, "amount" bigint not null, "balance_after" bigint not null, "reason" varchar(64) not null, "reference" varchar(200) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "credit_movements_shop_id_index" on "credit_movements" ("shop_id");`);
    this.addSql(
      `create table "job_runs" ("id" bigserial primary key, "job" varchar(120) not null, "tick_at" timestamptz not null, "owner" varchar(120) not null, "status" text check ("status" in ('running', 'succeeded', 'failed')) not null, "error" text null, "started_at" timestamptz not null, "finished_at" timestamptz null);`,
    );
    this.addSql(`alter table "job_runs" add constraint "job_runs_job_tick_at_unique" unique ("job", "tick_at");`);
    this.addSql(
      `create table "pending_confirmations" ("id" bigserial primary key, "shop_id" int not null, "token_hash" varchar(64) not null, "tool" varchar(64) not null, "args_hash" varchar(64) not null, "args_sealed" text not null, "policy" text check ("policy" in ('agent', 'user')) not null, "summary" text not null, "status" text check ("status" in ('pending', 'executed', 'rejected', 'invalidated')) not null, "result" jsonb null, "expires_at" timestamptz not null, "created_at" timestamptz not null, "resolved_at" timestamptz null);`,
    );
    this.addSql(`create index "pending_confirmations_shop_id_index" on "pending_confirmations" ("shop_id");`);
    this.addSql(
      `alter table "pending_confirmations" add constraint "pending_confirmations_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(
      `create index "pending_confirmations_shop_id_tool_args_hash_index" on "pending_confirmations" ("shop_id", "tool", "args_hash");`,
    );
  }
}
