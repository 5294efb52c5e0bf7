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
    const rows = await sql<Record<string, unknown> & { tier: number; score: number }>(
      em,
      `with q as (select sb_search_text($2) as t, plainto_tsquery('simple', sb_search_text($2)) as ts),
       hits as (
         select p.*,
                case when exists (select 1 from product_variants v where v.shop_id = $1 and v.product_id = p.id
                                   and (lower(v.sku) = lower($2) or v.barcode = $2)) then 3
                     when to_tsvector('simple', p.search_text) @@ q.ts then 2
                     else 1 end as tier,
                word_similarity(q.t, p.search_text) as score
           from products p, q
          where p.shop_id = $1 and p.status = 'active' and not p.hidden_from_ai
            and ($3::boolean is not true or p.in_stock)
            and ($4::numeric is null or p.price_max::numeric >= $4)
            and ($5::numeric is null or p.price_min::numeric <= $5)
            and (q.t <% p.search_text or to_tsvector('simple', p.search_text) @@ q.ts
                 or exists (select 1 from product_variants v where v.shop_id = $1 and v.product_id = p.id
                             and (lower(v.sku) = lower($2) or v.barcode = $2))))
       select * from hits order by tier desc, score desc, title limit $6`,
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
