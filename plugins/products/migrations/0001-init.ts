import { Migration } from '../../../core/index.js';

export class ProductsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "products" ("id" serial primary key, "shop_id" int not null, "platform_type" text check ("platform_type" in ('ecomA', 'ecomB', 'ecomC', 'ecomD')) not null, "external_id" varchar(100) not null, "handle" text null, "title" text not null, "description_html" text null, "brand" text null, "product_type" text null, "tags" jsonb not null, "status" text check ("status" in ('active', 'draft', 'archived', 'deleted')) not null, "url" text null, "images" jsonb not null, "price_min" varchar(32) null, "price_max" varchar(32) null, "currency" varchar(3) null, "in_stock" boolean not null, "total_stock" int null, "translations" jsonb not null, "search_text" text not null, "content_hash" varchar(40) not null, "ai_notes" text null, "hidden_from_ai" boolean not null default false, "external_updated_at" timestamptz null, "seen_run" int null, "synced_at" timestamptz not null, "deleted_at" timestamptz null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "products_shop_id_index" on "products" ("shop_id");`);
    this.addSql(
      `alter table "products" add constraint "products_shop_id_platform_type_external_id_unique" unique ("shop_id", "platform_type", "external_id");`,
    );
    this.addSql(
      `create table "product_sync_runs" ("id" serial primary key, "shop_id" int not null, "platform_type" text check ("platform_type" in ('ecomA', 'ecomB', 'ecomC', 'ecomD')) not null, "mode" text check ("mode" in ('full', 'incremental')) not null, "status" text check ("status" in ('running', 'completed', 'failed')) not null, "since" timestamptz null, "cursor" text null, "pages" int not null default 0, "read" int not null default 0, "created" int not null default 0, "updated" int not null default 0, "deleted" int not null default 0, "error" text null, "started_at" timestamptz not null, "heartbeat_at" timestamptz null, "finished_at" timestamptz null);`,
    );
    this.addSql(`create index "product_sync_runs_shop_id_index" on "product_sync_runs" ("shop_id");`);
    this.addSql(
      `create table "product_variants" ("id" serial primary key, "shop_id" int not null, "product_id" int not null, "external_id" varchar(100) not null, "sku" varchar(100) null, "barcode" varchar(64) null, "title" text null, "options" jsonb not null, "price" varchar(32) null, "stock" int null, "available" boolean not null);`,
    );
    this.addSql(`create index "product_variants_shop_id_index" on "product_variants" ("shop_id");`);
    this.addSql(`create index "product_variants_sku_index" on "product_variants" ("shop_id", lower("sku"));`);
    this.addSql(
      `alter table "product_variants" add constraint "product_variants_product_id_external_id_unique" unique ("product_id", "external_id");`,
    );
    this.addSql(`create index "product_variants_shop_id_barcode_index" on "product_variants" ("shop_id", "barcode");`);
    this.addSql(`create index "product_variants_product_id_index" on "product_variants" ("product_id");`);
    this.addSql(
      `create index "products_search_trgm_index" on "products" using gin ("shop_id", "search_text" gin_trgm_ops);`,
    );
    this.addSql(
      `create index "products_search_fts_index" on "products" using gin ("shop_id", to_tsvector('simple', "search_text"));`,
    );
    this.addSql(
      `create unique index "product_sync_runs_one_running_index" on "product_sync_runs" ("shop_id") where "status" = 'running';`,
    );
    this.addSql(
      `create table "product_questions" ("id" serial primary key, "shop_id" int not null, "product_id" int not null, "question" text not null, "normalized" text not null, "answer" text null, "status" text check ("status" in ('pending', 'answered', 'published', 'rejected')) not null, "source" text check ("source" in ('widget', 'chat', 'email', 'agent')) not null, "customer_name" varchar(200) null, "phone" varchar(20) null, "email" varchar(254) null, "locale" varchar(16) null, "duplicates" int not null default 0, "answered_at" timestamptz null, "published_at" timestamptz null, "notified_at" timestamptz null, "notify_error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "product_questions_shop_id_index" on "product_questions" ("shop_id");`);
    this.addSql(
      `create index "product_questions_shop_id_product_id_status_index" on "product_questions" ("shop_id", "product_id", "status");`,
    );
  }
}
