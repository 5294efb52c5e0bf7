import { ToolError, type Services } from '../../../core/index.js';
import {
  BUILTIN_NOTICE,
  detectLanguage,
  embeddingModelOf,
  WIDGET_LANGUAGES,
  type Surface,
} from '../../prompt/surface.js';
import { tsConfigOf } from './snippet-fields.js';
import { nearest, toUnit } from './vector-cache.js';
import { expandQuery } from './thesaurus/thesaurus.js';

export interface SearchRequest {
  query: string;
  surface?: string;
  language?: string;
  topK?: number;
  includePending?: boolean;
}

export interface SearchHit {
  id: number;
  kind: string;
  title: string;
  question: string | null;
  content: string;
  language: string | null;
  status: string;
  /** 0–1: the share of the query's words the snippet has (fts), or the trigram word similarity. */
  score: number;
  method: 'fts' | 'trigram' | 'vector' | 'hybrid';
}

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
    const filters = ['s.shop_id = ?'];
    const params: unknown[] = [this.deps.shop.id];
    filters.push(request.includePending ? `s.status in ('active', 'pending')` : `s.status = 'active'`);
    filters.push('(s.valid_until is null or s.valid_until > now())');
    if (request.surface && request.surface !== 'all') {
      filters.push(`(s.surfaces = '[]'::jsonb or s.surfaces @> ?::jsonb)`);
      params.push(JSON.stringify([request.surface]));
    }
    if (request.language) {
      filters.push('s.language = ?');
      params.push(request.language);
    }
    const where = filters.join(' and ');
    const detected = detectLanguage(query);
    const language = detected.reliable ? detected.language : null;
    const fts = (await this.deps.em.execute(
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
       ), q as (
         select cfg, '(' || array_to_string(lexemes, ' | ') || ')' as term from t where cardinality(lexemes) > 0
       ), qq as (
         select cfg, array_agg(to_tsquery('simple', term)) as terms, to_tsquery('simple', string_agg(term, ' | ')) as any_term
         from q group by cfg
       ), ranked as (
         select s.id, s.kind, s.title, s.question, s.content, s.language, s.status, s.tsv, qq.terms,
           ts_rank_cd(s.tsv, qq.any_term, 32) as rank
         from knowledge_snippets s
         join qq on qq.cfg = s.ts_config
         where ${where} and s.tsv @@ qq.any_term
         order by rank desc
         limit ${RANKED}
       )
       select r.id, r.kind, r.title, r.question, r.content, r.language, r.status,
         (select count(*) from unnest(r.terms) t where r.tsv @@ t)::float / cardinality(r.terms) as score, r.rank
       from ranked r
       order by score desc, rank desc, r.id
       limit ?`,
      [
        JSON.stringify(language ? [tsConfigOf(language), 'sb_simple'] : CONFIGS),
        JSON.stringify(expandQuery(query, language)),
        ...params,
        CANDIDATES,
      ],
    )) as (Omit<SearchHit, 'method'> & { rank: number })[];
    const hits = new Map<number, SearchHit>();
    for (const row of fts)
      if (row.score >= threshold) hits.set(row.id, { ...withoutRank(row), score: round(row.score), method: 'fts' });
    // Typos in short queries, only when the words found too little: on a long query the trigram
    // index gives too many candidates to be worth it, and its other words carry the search.
    const best = Math.max(0, ...[...hits.values()].map((h) => h.score));
    const similar =
      query.split(/\s+/).length > TRIGRAM_MAX_WORDS || (hits.size >= topK && best >= WELL_FOUND)
        ? []
        : ((await this.deps.em.execute(
            `select s.id, s.kind, s.title, s.question, s.content, s.language, s.status,
         word_similarity(sb_search_text(?), sb_search_text(s.title || ' ' || coalesce(s.question, ''))) as score
       from knowledge_snippets s
       where ${where} and sb_search_text(?) <% sb_search_text(s.title || ' ' || coalesce(s.question, ''))
       order by score desc, s.id
       limit ?`,
            [query, ...params, query, CANDIDATES],
          )) as Omit<SearchHit, 'method'>[]);
    for (const row of similar) {
      const known = hits.get(row.id);
      if (!known && row.score >= threshold) hits.set(row.id, { ...row, score: round(row.score), method: 'trigram' });
      else if (known && row.score > known.score) known.score = round(row.score);
    }
    const lexical = [...hits.values()].sort((a, b) => b.score - a.score || a.id - b.id);
    const engine = await this.deps.aiService.engine();
    const model = embeddingModelOf(engine);
    const { hits: semantic, use } = await this.semantic(model, query, request, where, params, threshold);
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

  /**
   * The snippets nearest to the query's vector, when the shop's embedding model has indexed some: a
   * model call (search is a query, outside any transaction). A provider failure leaves the search
   * lexical and says why.
   */
  private async semantic(
    model: string | null,
    query: string,
    request: SearchRequest,
    where: string,
    params: unknown[],
    threshold: number,
  ): Promise<{ hits: SearchHit[]; use: VectorUse }> {
    const embeddings = this.deps.knowledgeEmbeddingsService;
    if (!model) return { hits: [], use: { model: null, used: false, reason: 'no embedding model' } };
    const vectors = await embeddings.vectors(model);
    if (!vectors) return { hits: [], use: { model, used: false, reason: 'no snippet embedded yet' } };
    let queryVector: Float32Array;
    try {
      const surface = (request.surface ?? 'all') as Surface;
      queryVector = toUnit((await this.deps.aiService.embed(surface, [query])).vectors[0]!);
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      return { hits: [], use: { model, used: false, reason: err.code } };
    }
    if (queryVector.length !== vectors.dims)
      return {
        hits: [],
        use: {
          model,
          used: false,
          reason: `the model answered ${queryVector.length} dimensions, the index has ${vectors.dims}`,
        },
      };
    const near = nearest(vectors, queryVector, CANDIDATES).filter((n) => n.score >= threshold);
    if (near.length === 0) return { hits: [], use: { model, used: true, reason: null } };
    const rows = (await this.deps.em.execute(
      `select s.id, s.kind, s.title, s.question, s.content, s.language, s.status from knowledge_snippets s
       where ${where} and s.id in (select jsonb_array_elements_text(?::jsonb)::int)`,
      [...params, JSON.stringify(near.map((n) => n.id))],
    )) as Omit<SearchHit, 'method' | 'score'>[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const hits = near.flatMap((n) => {
      const row = byId.get(n.id);
      return row ? [{ ...row, score: round(n.score), method: 'vector' as const }] : [];
    });
    return { hits, use: { model, used: true, reason: null } };
  }
}

/** Reciprocal-rank fusion of the lexical and vector lists, the vector list weighing `weight` (0–1). */
function fuse(lexical: SearchHit[], semantic: SearchHit[], weight: number): SearchHit[] {
  const fused = new Map<number, { hit: SearchHit; score: number }>();
  lexical.forEach((hit, rank) => fused.set(hit.id, { hit: { ...hit }, score: (1 - weight) / (RRF_K + rank + 1) }));
  semantic.forEach((hit, rank) => {
    const known = fused.get(hit.id);
    const part = weight / (RRF_K + rank + 1);
    if (!known) fused.set(hit.id, { hit: { ...hit }, score: part });
    else {
      known.score += part;
      known.hit.method = 'hybrid';
      known.hit.score = Math.max(known.hit.score, hit.score);
    }
  });
  return [...fused.values()].sort((a, b) => b.score - a.score || a.hit.id - b.hit.id).map((f) => f.hit);
}

const round = (n: number) => Math.round(n * 1000) / 1000;
const withoutRank = ({ rank: _rank, ...hit }: Omit<SearchHit, 'method'> & { rank: number }) => hit;
