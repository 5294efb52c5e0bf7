import { Migration } from '../../../core/index.js';

export class KnowledgeTrainingSuggestions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "knowledge_suggestions" ("id" serial primary key, "shop_id" int not null, "level" text check ("level" in ('snippet', 'prompt')) not null, "question" varchar(500) not null, "answer" text not null, "fingerprint" varchar(500) not null, "status" text check ("status" in ('open', 'applied', 'dismissed')) not null, "source_count" int not null, "status_reason" varchar(500) null, "created_snippet_id" int null, "created_prompt_version" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "applied_at" timestamptz null);`,
    );
    this.addSql(`create index "knowledge_suggestions_shop_id_index" on "knowledge_suggestions" ("shop_id");`);
    this.addSql(
      `alter table "knowledge_suggestions" add constraint "knowledge_suggestions_shop_id_fingerprint_unique" unique ("shop_id", "fingerprint");`,
    );
    this.addSql(
      `create table "knowledge_observations" ("id" serial primary key, "shop_id" int not null, "suggestion_id" int not null, "source" text check ("source" in ('ticket', 'correction')) not null, "ref" int not null, "excerpt" varchar(500) not null, "seen_at" timestamptz not null);`,
    );
    this.addSql(`create index "knowledge_observations_shop_id_index" on "knowledge_observations" ("shop_id");`);
    this.addSql(
      `create index "knowledge_observations_suggestion_id_index" on "knowledge_observations" ("suggestion_id");`,
    );
    this.addSql(
      `alter table "knowledge_observations" add constraint "knowledge_observations_shop_id_source_ref_unique" unique ("shop_id", "source", "ref");`,
    );
    this.addSql(
      `alter table "knowledge_observations" add constraint "knowledge_observations_suggestion_id_foreign" foreign key ("suggestion_id") references "knowledge_suggestions" ("id") on update cascade on delete cascade;`,
    );
  }
}
