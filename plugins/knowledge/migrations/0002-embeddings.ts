import { Migration } from '../../../core/index.js';

/** Vectors per snippet and model, and the weight of vectors in a hybrid search. */
export class KnowledgeEmbeddings extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "knowledge_embeddings" ("id" serial primary key, "shop_id" int not null, "snippet_id" int not null, "model" varchar(200) not null, "dims" int not null, "vector" bytea not null, "content_hash" varchar(64) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "knowledge_embeddings_shop_id_index" on "knowledge_embeddings" ("shop_id");`);
    this.addSql(
      `create index "knowledge_embeddings_shop_id_model_index" on "knowledge_embeddings" ("shop_id", "model");`,
    );
    this.addSql(
      `alter table "knowledge_embeddings" add constraint "knowledge_embeddings_snippet_id_model_unique" unique ("snippet_id", "model");`,
    );
    this.addSql(
      `alter table "knowledge_embeddings" add constraint "knowledge_embeddings_snippet_id_foreign" foreign key ("snippet_id") references "knowledge_snippets" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`alter table "knowledge_settings" add column "hybrid_weight" double precision not null default 0.5;`);
  }
}
