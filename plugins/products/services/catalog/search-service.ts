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
 * their search form (lower-cased, accents removed: `sb_search_text`). An exact SKU or barcode
 * first, then products holding every word (full text, `simple` configuration: catalogues mix
 * languages; the shortest text first), then — only when those are too few — close spellings by
 * trigram word similarity (`<%`). Each step reads its own (shop, …) index. Hidden and deleted
 * products are never found.
 */
export class ProductSearchService {
  constructor(private readonly deps: Services) {}

  async search(query: string, options: SearchOptions): Promise<SearchHit[]> {
    const q = query.trim();
    if (q === '') throw invalidArguments('query is blank.', [{ path: '/query', message: 'blank' }]);
    if (options.priceMin !== undefined && options.priceMax !== undefined && options.priceMin > options.priceMax)
      throw invalidArguments('price_min is above price_max.', [{ path: '/price_min', message: 'above price_max' }]);
    const { em, shop } = this.deps;
    const filters = `p.shop_id = $1 and p.status = 'active' and not p.hidden_from_ai
          and ($3::boolean is not true or p.in_stock)
          and ($4::numeric is null or p.price_max::numeric >= $4)
          and ($5::numeric is null or p.price_min::numeric <= $5)`;
    const params = [
      shop.id,
      q,
      options.inStockOnly ?? null,
      options.priceMin ?? null,
      options.priceMax ?? null,
      options.limit,
    ];
    type Row = Record<string, unknown> & { tier: number; score: number };
    const rows: Row[] = [];
    const more = (tier: number, where: string, order: string, score = '1') =>
      sql<Row>(
        em,
        `select p.*, ${tier} as tier, ${score} as score from products p
          where ${filters} and ${where} and not (p.id = any($7::int[]))
          order by ${order} limit $6 - cardinality($7::int[])`,
        [...params, rows.map((r) => Number(r.id))],
      );
    // Each step reads its own (shop, …) index, and runs only while the results are too few.
    rows.push(
      ...(await more(
        3,
        `p.id in (select v.product_id from product_variants v
                   where v.shop_id = $1 and (lower(v.sku) = lower($2) or v.barcode = $2))`,
        'p.title',
      )),
    );
    // Among the products holding every word, the shortest text is the closest: a cheap order over many.
    if (rows.length < options.limit)
      rows.push(
        ...(await more(
          2,
          `to_tsvector('simple', p.search_text) @@ plainto_tsquery('simple', sb_search_text($2))`,
          'length(p.search_text), p.title',
        )),
      );
    if (rows.length < options.limit)
      rows.push(
        ...(await more(
          1,
          'sb_search_text($2) <% p.search_text',
          'score desc, p.title',
          'word_similarity(sb_search_text($2), p.search_text)',
        )),
      );
    const products = asEntities(em, Product, rows);
    return products.map((product, i) => ({
      product,
      match: rows[i]!.tier === 3 ? 'sku' : rows[i]!.tier === 2 ? 'text' : 'fuzzy',
      score: Math.round(Number(rows[i]!.score) * 1000) / 1000,
    }));
  }
}
