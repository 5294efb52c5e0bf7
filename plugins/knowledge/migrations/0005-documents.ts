import { Migration } from '../../../core/index.js';

/**
 * Documents (a text given in the call, or a stored file) cut into chunks, each with its search
 * vector written by the insert (document title A, heading path B, text C), and their vectors per
 * embedding model. A chunk is never edited: a new text replaces a document's chunks. Snippets and
 * chunks are found through one GIN index each on (shop, configuration, vector) (btree_gin): a
 * search reads only the shop's rows of the query's language, not every shop's matches.
 */
export class KnowledgeDocuments extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "knowledge_documents" ("id" serial primary key, "shop_id" int not null, "title" varchar(200) not null, "format" text check ("format" in ('text', 'markdown', 'html', 'pdf', 'docx')) not null, "file_id" int null, "language" varchar(8) not null, "language_given" boolean not null, "ts_config" varchar(16) not null, "surfaces" jsonb not null, "status" text check ("status" in ('processing', 'ready', 'failed')) not null, "status_reason" varchar(500) null, "char_count" int not null, "chunk_count" int not null, "claimed_at" timestamptz null, "attempts" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "indexed_at" timestamptz null);`,
    );
    this.addSql(`create index "knowledge_documents_shop_id_index" on "knowledge_documents" ("shop_id");`);
    this.addSql(
      `create index "knowledge_documents_processing_index" on "knowledge_documents" ("id") where "status" = 'processing';`,
    );
    this.addSql(
      `create table "knowledge_chunks" ("id" serial primary key, "shop_id" int not null, "document_id" int not null, "ordinal" int not null, "heading_path" jsonb not null, "content" text not null, "ts_config" varchar(16) not null, "tsv" tsvector not null);`,
    );
    this.addSql(`create index "knowledge_chunks_shop_id_index" on "knowledge_chunks" ("shop_id");`);
    this.addSql(
      `alter table "knowledge_chunks" add constraint "knowledge_chunks_document_id_ordinal_unique" unique ("document_id", "ordinal");`,
    );
    this.addSql(
      `alter table "knowledge_chunks" add constraint "knowledge_chunks_document_id_foreign" foreign key ("document_id") references "knowledge_documents" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create index "knowledge_chunks_search_index" on "knowledge_chunks" using gin ("shop_id", "ts_config", "tsv");`,
    );
    this.addSql(`drop index "knowledge_snippets_tsv_index";`);
    this.addSql(
      `create index "knowledge_snippets_search_index" on "knowledge_snippets" using gin ("shop_id", "ts_config", "tsv");`,
    );
    this.addSql(
      `create table "knowledge_chunk_embeddings" ("id" serial primary key, "shop_id" int not null, "chunk_id" int not null, "model" varchar(200) not null, "dims" int not null, "vector" bytea not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "knowledge_chunk_embeddings_shop_id_index" on "knowledge_chunk_embeddings" ("shop_id");`);
    this.addSql(
      `create index "knowledge_chunk_embeddings_shop_id_model_index" on "knowledge_chunk_embeddings" ("shop_id", "model");`,
    );
    this.addSql(
      `alter table "knowledge_chunk_embeddings" add constraint "knowledge_chunk_embeddings_chunk_id_model_unique" unique ("chunk_id", "model");`,
    );
    this.addSql(
      `alter table "knowledge_chunk_embeddings" add constraint "knowledge_chunk_embeddings_chunk_id_foreign" foreign key ("chunk_id") references "knowledge_chunks" ("id") on update cascade on delete cascade;`,
    );
  }
}
