import { sql, type Services } from '../../../../core/index.js';
import type { PlatformType, StoreProduct } from '../../../integrations/surface.js';
import { productRow } from './catalog-rows.js';

/**
 * Writes pages of the store's catalogue: one statement upserts the products that changed (by
 * content hash; the shop's notes and visibility are never overwritten), one replaces their
 * variants, one marks every product of the page as seen by the run (a live read of one product
 * passes no run: a running full sync must not count it as seen).
 */
export class CatalogStore {
  constructor(private readonly deps: Services) {}

  async upsertPage(
    platform: PlatformType,
    runId: number | null,
    currency: string | null,
    products: StoreProduct[],
  ): Promise<{ created: number; updated: number }> {
    if (products.length === 0) return { created: 0, updated: 0 };
    const { em, shop } = this.deps;
    const rows = [...new Map(products.map((p) => [p.externalId, productRow(p)])).values()];
    const changed = await sql<{ id: number; external_id: string; created: boolean }>(
      em,
      `insert into products (shop_id, platform_type, external_id, handle, title, description_html, brand, product_type, tags,
                             status, url, images, price_min, price_max, currency, in_stock, total_stock, translations,
                             search_text, content_hash, hidden_from_ai, external_updated_at, seen_run, synced_at, created_at)
       select $1, $2, r.external_id, r.handle, r.title, r.description_html, r.brand, r.product_type, r.tags,
              r.status, r.url, r.images, r.price_min, r.price_max, $4, r.in_stock, r.total_stock, r.translations,
              sb_search_text(r.search_source), r.content_hash, false, r.external_updated_at, $5, now(), now()
         from jsonb_to_recordset($3::jsonb) as r(external_id text, handle text, title text, description_html text, brand text,
              product_type text, tags jsonb, status text, url text, images jsonb, price_min text, price_max text, in_stock boolean,
              total_stock int, translations jsonb, search_source text, content_hash text, external_updated_at timestamptz)
       on conflict (shop_id, platform_type, external_id) do update set
              handle = excluded.handle, title = excluded.title, description_html = excluded.description_html,
              brand = excluded.brand, product_type = excluded.product_type, tags = excluded.tags, status = excluded.status,
              url = excluded.url, images = excluded.images, price_min = excluded.price_min, price_max = excluded.price_max,
              currency = excluded.currency, in_stock = excluded.in_stock, total_stock = excluded.total_stock,
              translations = excluded.translations, search_text = excluded.search_text, content_hash = excluded.content_hash,
              external_updated_at = excluded.external_updated_at, seen_run = coalesce(excluded.seen_run, products.seen_run),
              synced_at = now(), deleted_at = null
        where products.content_hash is distinct from excluded.content_hash or products.status = 'deleted'
       returning id, external_id, (xmax = 0) as created`,
      [shop.id, platform, JSON.stringify(rows), currency, runId],
    );
    if (changed.length > 0) {
      const byExternal = new Map(rows.map((r) => [r.external_id, r]));
      const variants = changed.flatMap((c) =>
        byExternal.get(c.external_id)!.variants.map((v) => ({
          product_id: c.id,
          external_id: v.externalId,
          sku: v.sku,
          barcode: v.barcode,
          title: v.title,
          options: v.options,
          price: v.price,
          stock: v.stock,
          available: v.available,
        })),
      );
      await sql(em, `delete from product_variants where shop_id = $1 and product_id = any($2::int[])`, [
        shop.id,
        changed.map((c) => c.id),
      ]);
      await sql(
        em,
        `insert into product_variants (shop_id, product_id, external_id, sku, barcode, title, options, price, stock, available)
         select $1, v.product_id, v.external_id, v.sku, v.barcode, v.title, v.options, v.price, v.stock, v.available
           from jsonb_to_recordset($2::jsonb) as v(product_id int, external_id text, sku text, barcode text, title text,
                options jsonb, price text, stock int, available boolean)`,
        [shop.id, JSON.stringify(variants)],
      );
    }
    const created = changed.filter((c) => c.created).length;
    if (runId === null) return { created, updated: changed.length - created };
    await sql(
      em,
      `update products set seen_run = $3 where shop_id = $1 and platform_type = $4 and external_id = any($2::text[]) and seen_run is distinct from $3`,
      [shop.id, rows.map((r) => r.external_id), runId, platform],
    );
    return { created, updated: changed.length - created };
  }

  /** After a complete full run: the products it did not see are gone from the store. */
  async deleteUnseen(platform: PlatformType, runId: number): Promise<number> {
    const rows = await sql(
      this.deps.em,
      `update products set status = 'deleted', deleted_at = now()
        where shop_id = $1 and platform_type = $2 and status <> 'deleted' and seen_run is distinct from $3
        returning id`,
      [this.deps.shop.id, platform, runId],
    );
    return rows.length;
  }

  /** Products the store reported deleted (its webhooks). */
  async markDeleted(platform: PlatformType, externalIds: string[]): Promise<number> {
    const rows = await sql(
      this.deps.em,
      `update products set status = 'deleted', deleted_at = now()
        where shop_id = $1 and platform_type = $2 and external_id = any($3::text[]) and status <> 'deleted' returning id`,
      [this.deps.shop.id, platform, externalIds],
    );
    return rows.length;
  }

  async purge(platform: PlatformType): Promise<void> {
    await sql(
      this.deps.em,
      `delete from product_variants where shop_id = $1 and product_id in (select id from products where shop_id = $1 and platform_type = $2)`,
      [this.deps.shop.id, platform],
    );
    await sql(this.deps.em, `delete from products where shop_id = $1 and platform_type = $2`, [
      this.deps.shop.id,
      platform,
    ]);
  }
}
