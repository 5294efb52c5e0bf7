import { Migration } from '../../../core/index.js';

/** The words a product adds to its shop's dictionary: none once deleted; letters only, three or more. */
const WORDS = `create or replace function product_search_words(search_text text, status text) returns text[]
  language sql immutable parallel safe as $$
    select coalesce(array_agg(w), '{}') from unnest(tsvector_to_array(to_tsvector('simple', search_text))) w
     where status <> 'deleted' and w ~ '^[[:alpha:]]{3,}$' $$;`;

/** Word counts to add, from rows of a transition table with a delta each; in key order, so two writers never deadlock. */
const deltas = (rows: string) => `select r.shop_id, w as word, sum(r.delta)::int as delta
  from (${rows}) r cross join lateral unnest(r.words) w group by r.shop_id, w having sum(r.delta) <> 0`;
const add = (rows: string) => `insert into product_words (shop_id, word, products)
  select shop_id, word, delta from (${deltas(rows)}) d order by 1, 2
  on conflict (shop_id, word) do update set products = product_words.products + excluded.products;`;
const dropEmpty = (rows: string) => `delete from product_words pw using (${deltas(rows)}) d
  where d.delta < 0 and pw.shop_id = d.shop_id and pw.word = d.word and pw.products <= 0;`;

const NEW = `select shop_id, product_search_words(search_text, status) as words, 1 as delta from new_products`;
const OLD = `select shop_id, product_search_words(search_text, status) as words, -1 as delta from old_products`;
const CHANGED = `select o.shop_id, product_search_words(o.search_text, o.status) as words, -1 as delta
    from old_products o join new_products n on n.id = o.id
   where (o.search_text, o.status = 'deleted', o.shop_id) is distinct from (n.search_text, n.status = 'deleted', n.shop_id)
  union all
  select n.shop_id, product_search_words(n.search_text, n.status), 1
    from old_products o join new_products n on n.id = o.id
   where (o.search_text, o.status = 'deleted', o.shop_id) is distinct from (n.search_text, n.status = 'deleted', n.shop_id)`;

/**
 * The catalogue's dictionary (entities/product-word.entity.ts): search corrects a query word
 * against it, then reads the full-text index, instead of handing thousands of trigram candidates
 * to a similarity recheck. Counted by statement triggers, so every writer (sync pages, live
 * reads, deletions, purges) keeps it exact, one statement per write.
 */
export class ProductsWords extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "product_words" ("shop_id" int not null, "word" text not null, "products" int not null, constraint "product_words_pkey" primary key ("shop_id", "word"));`,
    );
    this.addSql(`create index "product_words_shop_id_index" on "product_words" ("shop_id");`);
    this.addSql(
      `create index "product_words_trgm_index" on "product_words" using gin ("shop_id", "word" gin_trgm_ops);`,
    );
    this.addSql(WORDS);
    this.addSql(add(`select shop_id, product_search_words(search_text, status) as words, 1 as delta from products`));
    this.addSql(`create function product_words_inserted() returns trigger language plpgsql as $$
      begin ${add(NEW)} return null; end $$;`);
    this.addSql(`create function product_words_deleted() returns trigger language plpgsql as $$
      begin ${add(OLD)} ${dropEmpty(OLD)} return null; end $$;`);
    this.addSql(`create function product_words_updated() returns trigger language plpgsql as $$
      begin ${add(CHANGED)} ${dropEmpty(CHANGED)} return null; end $$;`);
    this.addSql(`create trigger product_words_inserted after insert on products
      referencing new table as new_products for each statement execute function product_words_inserted();`);
    this.addSql(`create trigger product_words_deleted after delete on products
      referencing old table as old_products for each statement execute function product_words_deleted();`);
    this.addSql(`create trigger product_words_updated after update on products
      referencing old table as old_products new table as new_products for each statement execute function product_words_updated();`);
  }
}
