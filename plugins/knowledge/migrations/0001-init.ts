import { Migration } from '../../../core/index.js';

/** The snowball stemmer of each widget language, behind the unaccent dictionary (kernel text search). */
const LANGUAGES: [string, string][] = [
  ['es', 'spanish'],
  ['en', 'english'],
  ['de', 'german'],
  ['fr', 'french'],
  ['pt', 'portuguese'],
  ['it', 'italian'],
  ['hu', 'hungarian'],
];

export class KnowledgeInit extends Migration {
  override async up(): Promise<void> {
    // unaccent() cannot sit in an index; a configuration with unaccent before the stemmer can.
    for (const [code, name] of [...LANGUAGES, ['simple', 'simple']]) {
      const stem = name === 'simple' ? 'simple' : `${name}_stem`;
      this.addSql(
        `do $$ begin if not exists (select 1 from pg_ts_config where cfgname = 'sb_${code}') then create text search configuration "sb_${code}" (copy = ${name}); alter text search configuration "sb_${code}" alter mapping for hword, hword_part, word with unaccent, ${stem}; end if; end $$;`,
      );
    }
    this.addSql(
      `create or replace function "sb_knowledge_tsv"(cfg text, title text, question text, content text) returns tsvector language sql immutable parallel safe as $$ select setweight(to_tsvector(cfg::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector(cfg::regconfig, coalesce(question, '')), 'B') || setweight(to_tsvector(cfg::regconfig, coalesce(content, '')), 'C') $$;`,
    );
    this.addSql(
      `create table "knowledge_snippets" ("id" serial primary key, "shop_id" int not null, "kind" text check ("kind" in ('faq', 'policy', 'product', 'note')) not null, "title" varchar(200) not null, "question" varchar(500) null, "content" text not null, "tags" jsonb not null, "language" varchar(8) not null, "ts_config" varchar(16) not null, "surfaces" jsonb not null, "status" text check ("status" in ('pending', 'active', 'rejected', 'expired')) not null, "source" text check ("source" in ('api', 'import', 'suggestion')) not null, "status_reason" varchar(500) null, "valid_until" timestamptz null, "content_hash" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "approved_at" timestamptz null);`,
    );
    this.addSql(`create index "knowledge_snippets_shop_id_index" on "knowledge_snippets" ("shop_id");`);
    this.addSql(
      `create index "knowledge_snippets_shop_id_content_hash_index" on "knowledge_snippets" ("shop_id", "content_hash");`,
    );
    this.addSql(
      `create index "knowledge_snippets_tsv_index" on "knowledge_snippets" using gin (sb_knowledge_tsv("ts_config", "title", "question", "content"));`,
    );
    this.addSql(
      `create index "knowledge_snippets_trgm_index" on "knowledge_snippets" using gin (sb_search_text("title" || ' ' || coalesce("question", '')) gin_trgm_ops);`,
    );
    this.addSql(
      `create table "knowledge_settings" ("id" serial primary key, "shop_id" int not null, "top_k" int not null, "relevance_threshold" double precision not null, "require_approval" boolean not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "knowledge_settings_shop_id_index" on "knowledge_settings" ("shop_id");`);
    this.addSql(
      `alter table "knowledge_settings" add constraint "knowledge_settings_shop_id_unique" unique ("shop_id");`,
    );
  }
}
