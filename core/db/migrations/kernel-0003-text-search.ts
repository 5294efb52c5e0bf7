import { Migration } from '../migration.js';

/**
 * Typo-tolerant, accent-insensitive search for every group: pg_trgm (similarity, `%`, trigram GIN
 * indexes) and unaccent. unaccent() is only STABLE, so it cannot back an index; `sb_search_text`
 * is the IMMUTABLE form groups index and query with: lower-cased, accents removed.
 */
export class KernelTextSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists "pg_trgm";`);
    this.addSql(`create extension if not exists "unaccent";`);
    this.addSql(
      `create or replace function "sb_search_text"(text) returns text language sql immutable parallel safe strict as $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;`,
    );
  }
}
