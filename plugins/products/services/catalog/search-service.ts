import { asEntities, invalidArguments, sql, type Services } from '../../../../core/index.js';
import { Product } from '../../entities/product.entity.js';

/** How many of the shortest corrected matches are ranked by closeness to the query (a similarity each). */
const SHORTLIST = 200;

export interface SearchOptions {
  inStockOnly?: boolean;
  /** Decimal strings, as money is given (MoneyArg). */
  priceMin?: string;
  priceMax?: string;
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
 * languages; the shortest text first); while those are too few, products holding every word once
 * the words the catalogue lacks are corrected against its dictionary (`product_words`); and only
 * when nothing matched, close spellings of the whole query by trigram word similarity (`<%`: words
 * run together, words no product has). Each step reads its own (shop, …) index. Hidden and deleted
 * products are never found.
 */
export class ProductSearchService {
  constructor(private readonly deps: Services) {}

  async search(query: string, options: SearchOptions): Promise<SearchHit[]> {
    const q = query.trim();
    if (q === '') throw invalidArguments('query is blank.', [{ path: 'query', message: 'blank' }]);
    if (
      options.priceMin !== undefined &&
      options.priceMax !== undefined &&
      Number(options.priceMin) > Number(options.priceMax)
    )
      throw invalidArguments('price_min is above price_max.', [{ path: 'price_min', message: 'above price_max' }]);
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
    /** The step's next products; with a shortlist, the closest of that many shortest matches. */
    const more = (
      step: { tier: number; where: string; order: string; score?: string; shortlist?: number },
      extra: unknown[] = [],
    ) =>
      sql<Row>(
        em,
        `select * from (
           select p.*, ${step.tier} as tier, ${step.score ?? '1'} as score from products p
            where ${filters} and ${step.where} and not (p.id = any($7::int[]))
            order by ${step.shortlist ? 'length(p.search_text), p.title' : step.order}
            limit ${step.shortlist ?? '$6 - cardinality($7::int[])'}) p
          order by ${step.order} limit $6 - cardinality($7::int[])`,
        [...params, rows.map((r) => Number(r.id)), ...extra],
      );
    const closeness = 'word_similarity(sb_search_text($2), p.search_text)';
    // Each step reads its own (shop, …) index, and runs only while the results are too few.
    rows.push(
      ...(await more({
        tier: 3,
        where: `p.id in (select v.product_id from product_variants v
                          where v.shop_id = $1 and (lower(v.sku) = lower($2) or v.barcode = $2))`,
        order: 'p.title',
      })),
    );
    // Among the products holding every word, the shortest text is the closest: a cheap order over many.
    if (rows.length < options.limit)
      rows.push(
        ...(await more({
          tier: 2,
          where: `to_tsvector('simple', p.search_text) @@ plainto_tsquery('simple', sb_search_text($2))`,
          order: 'length(p.search_text), p.title',
        })),
      );
    // A corrected word may stand for several: the closest to the query among a shortlist of the shortest.
    const corrected = rows.length < options.limit ? await this.corrected(q) : null;
    if (corrected !== null)
      rows.push(
        ...(await more(
          {
            tier: 1,
            where: `to_tsvector('simple', p.search_text) @@ $8::tsquery`,
            order: 'score desc, length(p.search_text), p.title',
            score: closeness,
            shortlist: SHORTLIST,
          },
          [corrected],
        )),
      );
    // The last resort reads every product sharing a few trigrams (thousands for a short code): only when nothing matched.
    if (rows.length === 0)
      rows.push(
        ...(await more({
          tier: 1,
          where: 'sb_search_text($2) <% p.search_text',
          order: 'score desc, p.title',
          score: closeness,
        })),
      );
    const products = asEntities(em, Product, rows);
    return products.map((product, i) => ({
      product,
      match: rows[i]!.tier === 3 ? 'sku' : rows[i]!.tier === 2 ? 'text' : 'fuzzy',
      score: Math.round(Number(rows[i]!.score) * 1000) / 1000,
    }));
  }

  /**
   * The query with each word the catalogue does not hold replaced by the (up to three) closest
   * words it does, as a tsquery; null when no word could be corrected. The shop's dictionary is
   * small, so its trigram index answers in a few milliseconds where the products' would hand
   * thousands of candidates to a similarity recheck.
   */
  private async corrected(query: string): Promise<string | null> {
    const { em, shop } = this.deps;
    const words = await sql<{ word: string; alternatives: string[] | null }>(
      em,
      `select q.word,
              case when q.word ~ '^[[:alpha:]]{3,}$'
                    and not exists (select 1 from product_words k where k.shop_id = $1 and k.word = q.word and k.products > 0)
                   then (select array_agg(c.word order by c.closeness desc, c.products desc)
                           from (select pw.word, pw.products, similarity(pw.word, q.word) as closeness from product_words pw
                                  where pw.shop_id = $1 and pw.products > 0 and pw.word % q.word
                                  order by closeness desc, pw.products desc limit 3) c) end as alternatives
         from unnest(tsvector_to_array(to_tsvector('simple', sb_search_text($2)))) q(word)`,
      [shop.id, query],
    );
    if (words.every((w) => w.alternatives === null)) return null;
    const lexeme = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
    return words.map(({ word, alternatives }) => `(${(alternatives ?? [word]).map(lexeme).join(' | ')})`).join(' & ');
  }
}
