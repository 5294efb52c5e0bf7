import { asEntities, invalidArguments, sql, type Services } from '../../../../core/index.js';
import { Product } from '../../entities/product.entity.js';

export interface SearchOptions {
  inStockOnly?: boolean;
  priceMin?: number;
  priceMax?: number;
  limit: number;
}

export interface SearchHit {
  product: Product;
  /** sku: a SKU or barcode equal to the query; text: every word found; fuzzy: close in spelling. */
  match: 'sku' | 'text' | 'fuzzy';
  score: number;
}

/**
 * Product search in PostgreSQL, the same on the embedded engine: the query and the catalogue in
 * their search form (lower-cased, accents removed: `sb_search_text`), an exact SKU or barcode
 * first, then products holding every word (full text, `simple` configuration: catalogues mix
 * languages), then trigram word similarity for typos (`<%`). Hidden and deleted products are never
 * found; a query that finds nothing is counted for the shop.
 */
export class ProductSearchService {
  constructor(private readonly deps: Services) {}

  async search(query: string, options: SearchOptions): Promise<SearchHit[]> {
    const q = query.trim();
    if (q === '') throw invalidArguments('query is blank.', [{ path: '/query', message: 'blank' }]);
    if (options.priceMin !== undefined && options.priceMax !== undefined && options.priceMin > options.priceMax)
      throw invalidArguments('price_min is above price_max.', [{ path: '/price_min', message: 'above price_max' }]);
    const { em, shop } = this.deps;
    // Each way of matching reads its own index; a product found several ways keeps its best tier.
    const rows = await sql<Record<string, unknown> & { tier: number; score: number }>(
      em,
      `with q as (select sb_search_text($2) as t, plainto_tsquery('simple', sb_search_text($2)) as ts),
       found as (
         select v.product_id as id, 3 as tier from product_variants v
          where v.shop_id = $1 and (lower(v.sku) = lower($2) or v.barcode = $2)
         union all
         select p.id, 2 from products p, q where p.shop_id = $1 and to_tsvector('simple', p.search_text) @@ q.ts
         union all
         select p.id, 1 from products p, q where p.shop_id = $1 and q.t <% p.search_text),
       best as (select id, max(tier) as tier from found group by id)
       select p.*, b.tier, word_similarity(q.t, p.search_text) as score
         from best b join products p on p.id = b.id, q
        where p.shop_id = $1 and p.status = 'active' and not p.hidden_from_ai
          and ($3::boolean is not true or p.in_stock)
          and ($4::numeric is null or p.price_max::numeric >= $4)
          and ($5::numeric is null or p.price_min::numeric <= $5)
        order by b.tier desc, score desc, p.title
        limit $6`,
      [shop.id, q, options.inStockOnly ?? null, options.priceMin ?? null, options.priceMax ?? null, options.limit],
    );
    const products = asEntities(em, Product, rows);
    return products.map((product, i) => ({
      product,
      match: rows[i]!.tier === 3 ? 'sku' : rows[i]!.tier === 2 ? 'text' : 'fuzzy',
      score: Math.round(Number(rows[i]!.score) * 1000) / 1000,
    }));
  }
}
