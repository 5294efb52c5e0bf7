import { Migration } from '../../../core/index.js';

export class PromptInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "ai_provider_settings" ("id" serial primary key, "shop_id" int not null, "provider" text check ("provider" in ('installation', 'builtin', 'openai_compatible')) not null, "base_url" varchar(500) null, "api_key_sealed" text null, "key_last4" varchar(4) null, "chat_model" varchar(200) null, "task_model" varchar(200) null, "embedding_model" varchar(200) null, "timeout_ms" int null, "monthly_token_budget" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "ai_provider_settings_shop_id_index" on "ai_provider_settings" ("shop_id");`);
    this.addSql(
      `alter table "ai_provider_settings" add constraint "ai_provider_settings_shop_id_unique" unique ("shop_id");`,
    );
    this.addSql(
      `create table "ai_usage" ("id" bigserial primary key, "shop_id" int not null, "surface" varchar(40) not null, "task" varchar(20) not null, "engine" varchar(20) not null, "source" varchar(20) not null, "model" varchar(200) not null, "input_tokens" int not null, "output_tokens" int not null, "latency_ms" int not null, "attempts" int not null, "outcome" varchar(40) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "ai_usage_shop_id_index" on "ai_usage" ("shop_id");`);
    this.addSql(`create index "ai_usage_shop_id_created_at_index" on "ai_usage" ("shop_id", "created_at");`);
  }
}
