import { Migration } from '../../../core/index.js';

export class AiAnalysisInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "ai_conversation_analyses" ("id" serial primary key, "shop_id" int not null, "conversation_id" int not null, "session_id" int not null, "phone" varchar(20) not null, "topic" varchar(40) not null, "intent" varchar(40) not null, "priority" varchar(2) not null, "sentiment" varchar(10) not null, "language" varchar(3) null, "summary" text null, "confidence" double precision null, "evidence" jsonb not null, "last_message_id" int null, "source" varchar(10) not null, "engine" varchar(20) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "ai_conversation_analyses_shop_id_index" on "ai_conversation_analyses" ("shop_id");`);
    this.addSql(
      `create index "ai_conversation_analyses_shop_id_conversation_id_index" on "ai_conversation_analyses" ("shop_id", "conversation_id");`,
    );
    this.addSql(
      `create index "ai_conversation_analyses_shop_id_created_at_index" on "ai_conversation_analyses" ("shop_id", "created_at");`,
    );
    this.addSql(
      `create table "ai_analysis_settings" ("id" serial primary key, "shop_id" int not null, "topics" jsonb not null, "tag_rules" jsonb not null, "auto_categorize_inbound" boolean not null, "categorize_after_idle_minutes" int not null, "builtin_for" jsonb not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "ai_analysis_settings_shop_id_index" on "ai_analysis_settings" ("shop_id");`);
    this.addSql(
      `alter table "ai_analysis_settings" add constraint "ai_analysis_settings_shop_id_unique" unique ("shop_id");`,
    );
  }
}
