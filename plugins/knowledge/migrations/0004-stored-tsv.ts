import { Migration } from '../../../core/index.js';

/**
 * The search vector stored with the snippet, kept by a trigger, instead of an expression index:
 * ranking and counting the query's words read it instead of rebuilding it for every row.
 */
export class KnowledgeStoredTsv extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "knowledge_snippets" add column "tsv" tsvector null;`);
    this.addSql(
      `create or replace function "knowledge_snippets_tsv"() returns trigger language plpgsql as $$ begin new."tsv" := sb_knowledge_tsv(new."ts_config", new."title", new."question", new."content"); return new; end $$;`,
    );
    this.addSql(
      `create trigger "knowledge_snippets_tsv" before insert or update of "ts_config", "title", "question", "content" on "knowledge_snippets" for each row execute function "knowledge_snippets_tsv"();`,
    );
    this.addSql(
      `update "knowledge_snippets" set "tsv" = sb_knowledge_tsv("ts_config", "title", "question", "content");`,
    );
    this.addSql(`drop index "knowledge_snippets_tsv_index";`);
    this.addSql(`create index "knowledge_snippets_tsv_index" on "knowledge_snippets" using gin ("tsv");`);
  }
}
