import { Migration } from '../../../core/index.js';

const CATEGORIES = `'tone', 'language', 'policy', 'product_facts', 'escalation', 'formatting', 'greeting', 'other'`;

/** The prompt's versions, learning settings, learned rules and agents' feedback. */
export class PromptPromptsAndLearning extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "prompt_versions" ("id" serial primary key, "shop_id" int not null, "surface" varchar(40) not null, "version" int not null, "text" text not null, "note" varchar(500) null, "source" text check ("source" in ('save', 'restore', 'suggestion')) not null, "restored_from" int null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "prompt_versions_shop_id_index" on "prompt_versions" ("shop_id");`);
    this.addSql(
      `alter table "prompt_versions" add constraint "prompt_versions_shop_id_surface_version_unique" unique ("shop_id", "surface", "version");`,
    );
    this.addSql(
      `create table "ai_learning_settings" ("id" serial primary key, "shop_id" int not null, "surface" varchar(40) not null, "mode" text check ("mode" in ('off', 'shadow', 'soft', 'enforced')) not null, "max_rules" int not null, "enabled_categories" jsonb not null, "enforced_categories" jsonb not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "ai_learning_settings_shop_id_index" on "ai_learning_settings" ("shop_id");`);
    this.addSql(
      `alter table "ai_learning_settings" add constraint "ai_learning_settings_shop_id_surface_unique" unique ("shop_id", "surface");`,
    );
    this.addSql(
      `create table "ai_learned_rules" ("id" serial primary key, "shop_id" int not null, "surface" varchar(40) not null, "category" text check ("category" in (${CATEGORIES})) not null, "text" varchar(500) not null, "fingerprint" varchar(500) not null, "status" text check ("status" in ('candidate', 'active', 'rejected', 'retired')) not null, "evidence_count" int not null, "activated_by" varchar(20) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "activated_at" timestamptz null);`,
    );
    this.addSql(`create index "ai_learned_rules_shop_id_index" on "ai_learned_rules" ("shop_id");`);
    this.addSql(
      `alter table "ai_learned_rules" add constraint "ai_learned_rules_shop_id_surface_fingerprint_unique" unique ("shop_id", "surface", "fingerprint");`,
    );
    this.addSql(
      `create table "ai_feedback" ("id" serial primary key, "shop_id" int not null, "surface" varchar(40) not null, "rating" text check ("rating" in ('good', 'bad')) not null, "answer" text null, "correction" text null, "category" text check ("category" in (${CATEGORIES})) null, "rule_id" int null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "ai_feedback_shop_id_index" on "ai_feedback" ("shop_id");`);
  }
}
