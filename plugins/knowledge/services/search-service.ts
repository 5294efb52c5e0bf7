import { ToolError, type Services } from '../../../core/index.js';
import {
  BUILTIN_NOTICE,
  detectLanguage,
  embeddingModelOf,
  WIDGET_LANGUAGES,
  type Surface,
  type WidgetLanguage,
} from '../../prompt/surface.js';
import { tsConfigOf } from './snippet-fields.js';
import { nearest, toUnit, type ShopVectors } from './vector-cache.js';
import { expandQuery } from './thesaurus/thesaurus.js';

/** What a search looks in: snippets, documents' chunks, or both (the default). */
export const SEARCH_SOURCES: ['snippets', 'documents'] = ['snippets', 'documents'];
export type SearchSource = (typeof SEARCH_SOURCES)[number];

export interface SearchRequest {
  query: string;
  surface?: string;
  language?: string;
  topK?: number;
  includePending?: boolean;
  sources?: SearchSource[];
  /** Only this collection's documents (and no snippets); without it, only the shop's own knowledge. */
  collection?: string;
}

export interface SearchHit {
  /** The snippet's id, or the chunk's. */
  id: number;
  source: 'snippet' | 'document';
  /** A snippet's kind, or `document`. */
  kind: string;
  /** A snippet's title, or its document's. */
  title: string;
  question: string | null;
  content: string;
  language: string | null;
  status: string;
  document_id: number | null;
  heading_path: string[] | null;
  /** 0–1: the share of the query's words the snippet has (fts), or the trigram word similarity. */
  score: number;
  method: 'fts' | 'trigram' | 'vector' | 'hybrid';
}

type Row = Omit<SearchHit, 'method'>;

/** A hit's identity across both sources (a snippet and a chunk may share an id). */
const keyOf = (hit: Pick<SearchHit, 'source' | 'id'>) => `${hit.source}:${hit.id}`;

/** The columns of a hit, from a snippet `s` or a chunk `c` of document `d`. */
const SNIPPET_COLUMNS = `s.id, 'snippet' as source, s.kind, s.title, s.question, s.content, s.language, s.status::text as status, null::int as document_id, null::jsonb as heading_path`;
/** A chunk's columns; its title and language are its document's (`d`), or null until it is joined. */
const chunkColumns = (d: 'd' | null) =>
  `c.id, 'document' as source, 'document' as kind, ${d ? 'd.title' : 'null::varchar as title'}, null::varchar as question, c.content, ${d ? 'd.language' : 'null::varchar as language'}, 'active' as status, c.document_id, c.heading_path`;

/** Whether vectors took part, and why not when they did not. */
export interface VectorUse {
  model: string | null;
  used: boolean;
  reason: string | null;
}

/** Reciprocal-rank fusion's constant: ranks far down a list count little. */
const RRF_K = 60;

const CONFIGS = [...WIDGET_LANGUAGES.map(tsConfigOf), 'sb_simple'];

/** Rows looked at per method before the final cut: enough for any top_k. */
const CANDIDATES = 50;

/** The longest query (in words) the trigram pass looks at. */
const TRIGRAM_MAX_WORDS = 4;

/** A full-text score from which the trigram pass is not needed (with top_k hits). */
const WELL_FOUND = 0.5;

/** Full-text matches, best ranked first, whose share of the query's words is counted. */
const RANKED = 200;

/**
 * A query word also matches words starting with its first letters: a stemmer gives "devolucion"
 * (typed without its accent) another stem than "devoluciones", but both start with "devol".
 */
const PREFIX = 5;

/**
 * The shop's knowledge searched the built-in way, on both engines: full-text search in each
 * snippet's language (accents folded, words stemmed, or sharing their first five letters; a query
 * word also searches the words of the same meaning in the shop vocabulary of its language; any of
 * the query's words may match, the score is the share found), in the query's language when it is
 * clear, else in all of them; and trigram word similarity on titles and questions for typos and very short
 * queries. Only active snippets, unexpired, for the surface (pending ones on request).
 */
export class KnowledgeSearchService {
  constructor(private readonly deps: Services) {}

  async search(request: SearchRequest) {
    const settings = await this.deps.knowledgeSettingsService.current();
    const topK = request.topK ?? settings.topK;
    const threshold = settings.relevanceThreshold;
    const query = request.query.trim();
    const sources = new Set(request.sources ?? SEARCH_SOURCES);
    const scope = this.scope(request);
    const detected = detectLanguage(query);
    const language = detected.reliable ? detected.language : null;
    const fts = await this.fullText(query, language, scope, sources);
    const hits = new Map<string, SearchHit>();
    for (const row of fts)
      if (row.score >= threshold) hits.set(keyOf(row), { ...withoutRank(row), score: round(row.score), method: 'fts' });
    // Typos in short queries, only when the words found too little: on a long query the trigram
    // index gives too many candidates to be worth it, and its other words carry the search.
    const best = Math.max(0, ...[...hits.values()].map((h) => h.score));
    const similar =
      !sources.has('snippets') ||
      query.split(/\s+/).length > TRIGRAM_MAX_WORDS ||
      (hits.size >= topK && best >= WELL_FOUND)
        ? []
        : await this.deps.em.execute<Row[]>(
            `select ${SNIPPET_COLUMNS},
         word_similarity(sb_search_text(?), sb_search_text(s.title || ' ' || coalesce(s.question, ''))) as score
       from knowledge_snippets s
       where ${scope.snippets.where} and sb_search_text(?) <% sb_search_text(s.title || ' ' || coalesce(s.question, ''))
       order by score desc, s.id
       limit ?`,
            [query, ...scope.snippets.params, query, CANDIDATES],
          );
    for (const row of similar) {
      const known = hits.get(keyOf(row));
      if (!known && row.score >= threshold)
        hits.set(keyOf(row), { ...row, score: round(row.score), method: 'trigram' });
      else if (known && row.score > known.score) known.score = round(row.score);
    }
    const lexical = [...hits.values()].sort(byScore);
    const engine = await this.deps.promptAiService.engine();
    const model = embeddingModelOf(engine);
    const { hits: semantic, use } = await this.semantic(model, query, request, scope, sources, threshold);
    const ranked = use.used ? fuse(lexical, semantic, settings.hybridWeight) : lexical;
    return {
      results: ranked.slice(0, topK).map((h) => ({ ...h, language: h.language || null })),
      query_language: detected.language,
      method: use.used ? ('hybrid' as const) : ('fts' as const),
      vectors: use,
      engine: engine.engine,
      ...(engine.engine === 'builtin' && { notice: BUILTIN_NOTICE }),
    };
  }

  /** Which snippets (`s`) and documents (`d`) the request may see: active, unexpired, for its surface and language. */
  private scope(request: SearchRequest): Scope {
    const snippets = ['s.shop_id = ?'];
    const snippetParams: unknown[] = [this.deps.shop.id];
    const documents = ['d.shop_id = ?', request.collection ? 'd.collection = ?' : 'd.collection is null'];
    const documentParams: unknown[] = [this.deps.shop.id, ...(request.collection ? [request.collection] : [])];
    if (request.collection) snippets.push('false');
    snippets.push(request.includePending ? `s.status in ('active', 'pending')` : `s.status = 'active'`);
    snippets.push('(s.valid_until is null or s.valid_until > now())');
    if (request.surface && request.surface !== 'all') {
      const surface = JSON.stringify([request.surface]);
      snippets.push(`(s.surfaces = '[]'::jsonb or s.surfaces @> ?::jsonb)`);
      snippetParams.push(surface);
      documents.push(`(d.surfaces = '[]'::jsonb or d.surfaces @> ?::jsonb)`);
      documentParams.push(surface);
    }
    if (request.language) {
      snippets.push('s.language = ?');
      snippetParams.push(request.language);
      documents.push('d.language = ?');
      documentParams.push(request.language);
    }
    return {
      snippets: { where: snippets.join(' and '), params: snippetParams },
      documents: {
        where: documents.join(' and '),
        params: documentParams,
        filtered: documents.length > 2 || Boolean(request.collection),
      },
    };
  }

  /**
   * Full-text matches in the query's language (else in every language), from snippets and
   * documents' chunks. First the query's terms per configuration (each query word as its stems, its
   * five-letter prefix and its shop-vocabulary words); then one statement whose tsqueries are
   * constants, so the GIN indexes find the rows: of each source the 200 rows with the largest
   * share of the query's terms are kept (shorter first at equal share), and only those are ranked
   * (ts_rank) — ranking every match cost half of a search over 20,000 chunks, and ranking by
   * ts_rank_cd instead changed no figure of the evaluation set.
   */
  private async fullText(
    query: string,
    language: WidgetLanguage | null,
    scope: Scope,
    sources: Set<SearchSource>,
  ): Promise<(Row & { rank: number })[]> {
    const configs = await this.deps.em.execute<{ cfg: string; terms: string[] }[]>(
      `with g as (
         select cfg, w.word, w.synonyms
         from jsonb_array_elements_text(?::jsonb) cfg, jsonb_to_recordset(?::jsonb) as w(word text, synonyms text)
       ), t as (
         select cfg, array(
           select distinct quote_literal(l) || case when char_length(l) > ${PREFIX} then ' | ' || quote_literal(left(l, ${PREFIX})) || ':*' else '' end
           from unnest(tsvector_to_array(to_tsvector(cfg::regconfig, word))) l
           union
           select distinct quote_literal(l) from unnest(tsvector_to_array(to_tsvector(cfg::regconfig, synonyms))) l
         ) as lexemes
         from g
       )
       select cfg, array_agg('(' || array_to_string(lexemes, ' | ') || ')') as terms
       from t where cardinality(lexemes) > 0 group by cfg order by cfg`,
      [
        JSON.stringify(language ? [tsConfigOf(language), 'sb_simple'] : CONFIGS),
        JSON.stringify(expandQuery(query, language)),
      ],
    );
    if (configs.length === 0) return [];
    const params: unknown[] = [];
    const anyTerm = configs.flatMap((c) => c.terms).join(' | ');
    /** A row's share of its configuration's terms: each term a constant tsquery. */
    const share = (alias: string) => {
      const arms = configs.map(({ cfg, terms }) => {
        params.push(cfg, ...terms);
        return `when ? then (${terms.map(() => `(${alias}.tsv @@ to_tsquery('simple', ?))::int`).join(' + ')})::float / ${terms.length}`;
      });
      return `case ${alias}.ts_config ${arms.join(' ')} else 0 end`;
    };
    const part = (alias: string, columns: string, from: string, where: string, whereParams: unknown[]) => {
      const select = `select ${columns}, ${alias}.tsv, ${share(alias)} as score`;
      params.push(...whereParams);
      // Each configuration's rows with that configuration's terms (a Spanish row does not match by
      // a word of the simple configuration): one scan each of the (shop, configuration, vector)
      // GIN index, which holds only the shop's rows of that configuration.
      const matches = configs.map(({ cfg, terms }) => {
        params.push(cfg, terms.join(' | '));
        return `(${alias}.ts_config = ? and ${alias}.tsv @@ to_tsquery('simple', ?))`;
      });
      return `(${select} from ${from} where ${where} and (${matches.join(' or ')})
         order by score desc, length(${alias}.tsv), ${alias}.id limit ${RANKED})`;
    };
    const parts: string[] = [];
    if (sources.has('snippets'))
      parts.push(part('s', SNIPPET_COLUMNS, 'knowledge_snippets s', scope.snippets.where, scope.snippets.params));
    // A chunk's document (title, language) is joined to the rows kept only, and its filters apply
    // only when asked: otherwise the planner may walk the chunks by document instead of through
    // the full-text index.
    if (sources.has('documents'))
      parts.push(
        part(
          'c',
          chunkColumns(null),
          'knowledge_chunks c',
          scope.documents.filtered
            ? `c.shop_id = ? and c.document_id in (select d.id from knowledge_documents d where ${scope.documents.where})`
            : // A collection's chunks (an assistant's files) are few: leaving them out costs a hashed subplan.
              `c.shop_id = ? and c.document_id not in (select d.id from knowledge_documents d where d.shop_id = ? and d.collection is not null)`,
          scope.documents.filtered
            ? [this.deps.shop.id, ...scope.documents.params]
            : [this.deps.shop.id, this.deps.shop.id],
        ),
      );
    return this.deps.em.execute(
      `select r.id, r.source, r.kind, coalesce(d.title, r.title) as title, r.question, r.content,
         coalesce(d.language, r.language) as language, r.status, r.document_id, r.heading_path, r.score,
         ts_rank(r.tsv, to_tsquery('simple', ?), 32) as rank
       from (${parts.join(' union all ')}) r
       left join knowledge_documents d on d.id = r.document_id
       order by r.score desc, rank desc, r.source desc, r.id
       limit ?`,
      [anyTerm, ...params, CANDIDATES],
    );
  }

  /**
   * The snippets and chunks nearest to the query's vector, when the shop's embedding model has
   * indexed some: a model call (search is a query, outside any transaction). A provider failure
   * leaves the search lexical and says why.
   */
  private async semantic(
    model: string | null,
    query: string,
    request: SearchRequest,
    scope: Scope,
    sources: Set<SearchSource>,
    threshold: number,
  ): Promise<{ hits: SearchHit[]; use: VectorUse }> {
    const embeddings = this.deps.knowledgeEmbeddingsService;
    if (!model) return { hits: [], use: { model: null, used: false, reason: 'no embedding model' } };
    const indexes = (
      await Promise.all(
        (['snippets', 'documents'] as const)
          .filter((source) => sources.has(source))
          .map(async (source) => ({ source, vectors: await embeddings.vectors(model, VECTOR_KINDS[source]) })),
      )
    ).filter((i) => i.vectors !== null) as { source: SearchSource; vectors: ShopVectors }[];
    if (indexes.length === 0) return { hits: [], use: { model, used: false, reason: 'nothing embedded yet' } };
    let queryVector: Float32Array;
    try {
      const surface = (request.surface ?? 'all') as Surface;
      queryVector = toUnit((await this.deps.promptAiService.embed(surface, [query])).vectors[0]!);
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      return { hits: [], use: { model, used: false, reason: err.code } };
    }
    const dims = indexes[0]!.vectors.dims;
    if (queryVector.length !== dims)
      return {
        hits: [],
        use: {
          model,
          used: false,
          reason: `the model answered ${queryVector.length} dimensions, the index has ${dims}`,
        },
      };
    const near = indexes
      .flatMap(({ source, vectors }) =>
        vectors.dims === dims ? nearest(vectors, queryVector, CANDIDATES).map((n) => ({ ...n, source })) : [],
      )
      .filter((n) => n.score >= threshold)
      .sort((a, b) => b.score - a.score)
      .slice(0, CANDIDATES);
    if (near.length === 0) return { hits: [], use: { model, used: true, reason: null } };
    const ids = (source: SearchSource) => JSON.stringify(near.filter((n) => n.source === source).map((n) => n.id));
    const rows = await this.deps.em.execute<Omit<Row, 'score'>[]>(
      `select ${SNIPPET_COLUMNS} from knowledge_snippets s
       where ${scope.snippets.where} and s.id in (select jsonb_array_elements_text(?::jsonb)::int)
       union all
       select ${chunkColumns('d')} from knowledge_chunks c join knowledge_documents d on d.id = c.document_id
       where c.shop_id = ? and ${scope.documents.where} and c.id in (select jsonb_array_elements_text(?::jsonb)::int)`,
      [...scope.snippets.params, ids('snippets'), this.deps.shop.id, ...scope.documents.params, ids('documents')],
    );
    const byKey = new Map(rows.map((r) => [keyOf(r), r]));
    const hits = near.flatMap((n) => {
      const row = byKey.get(keyOf({ source: n.source === 'snippets' ? 'snippet' : 'document', id: n.id }));
      return row ? [{ ...row, score: round(n.score), method: 'vector' as const }] : [];
    });
    return { hits, use: { model, used: true, reason: null } };
  }
}

interface Scope {
  snippets: { where: string; params: unknown[] };
  /** `filtered`: a surface, language or collection narrows the documents (else the shop's own documents count). */
  documents: { where: string; params: unknown[]; filtered: boolean };
}

/** Which vectors each source is searched with. */
const VECTOR_KINDS = { snippets: 'snippet', documents: 'chunk' } as const;

const byScore = (a: SearchHit, b: SearchHit) =>
  b.score - a.score || (a.source === b.source ? a.id - b.id : a.source === 'snippet' ? -1 : 1);

/** Reciprocal-rank fusion of the lexical and vector lists, the vector list weighing `weight` (0–1). */
function fuse(lexical: SearchHit[], semantic: SearchHit[], weight: number): SearchHit[] {
  const fused = new Map<string, { hit: SearchHit; score: number }>();
  lexical.forEach((hit, rank) => fused.set(keyOf(hit), { hit: { ...hit }, score: (1 - weight) / (RRF_K + rank + 1) }));
  semantic.forEach((hit, rank) => {
    const known = fused.get(keyOf(hit));
    const part = weight / (RRF_K + rank + 1);
    if (!known) fused.set(keyOf(hit), { hit: { ...hit }, score: part });
    else {
      known.score += part;
      known.hit.method = 'hybrid';
      known.hit.score = Math.max(known.hit.score, hit.score);
    }
  });
  return [...fused.values()].sort((a, b) => b.score - a.score || byScore(a.hit, b.hit)).map((f) => f.hit);
}

const round = (n: number) => Math.round(n * 1000) / 1000;
const withoutRank = ({ rank: _rank, ...hit }: Row & { rank: number }) => hit;
