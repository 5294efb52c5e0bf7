import type { Services } from '../../../core/index.js';
import { BUILTIN_NOTICE, detectLanguage, WIDGET_LANGUAGES } from '../../prompt/surface.js';
import { tsConfigOf } from './snippet-fields.js';

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
  method: 'fts' | 'trigram';
}

const CONFIGS = [...WIDGET_LANGUAGES.map(tsConfigOf), 'sb_simple'];

/** Rows looked at per method before the final cut: enough for any top_k. */
const CANDIDATES = 50;

const TSV = `sb_knowledge_tsv(s.ts_config, s.title, s.question, s.content)`;

/**
 * A query word also matches words starting with its first letters: a stemmer gives "devolucion"
 * (typed without its accent) another stem than "devoluciones", but both start with "devol".
 */
const PREFIX = 5;

/**
 * The shop's knowledge searched the built-in way, on both engines: full-text search in each
 * snippet's language (accents folded, words stemmed, or sharing their first five letters; any of the
 * query's words may match, the score is the share found), and trigram word similarity on titles and questions for typos and very short
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
    const fts = (await this.deps.em.execute(
      `with q as (
         select cfg, array(
           select distinct quote_literal(w) || case when char_length(w) > ${PREFIX} then ' | ' || quote_literal(left(w, ${PREFIX})) || ':*' else '' end
           from unnest(tsvector_to_array(to_tsvector(cfg::regconfig, ?))) w
         ) as terms
         from jsonb_array_elements_text(?::jsonb) cfg
       ), qq as (
         select cfg, terms, to_tsquery('simple', array_to_string(array(select '(' || t || ')' from unnest(terms) t), ' | ')) as any_term
         from q where cardinality(terms) > 0
       )
       select s.id, s.kind, s.title, s.question, s.content, s.language, s.status,
         (select count(*) from unnest(qq.terms) t where ${TSV} @@ to_tsquery('simple', t))::float / cardinality(qq.terms) as score,
         ts_rank_cd(${TSV}, qq.any_term, 32) as rank
       from knowledge_snippets s
       join qq on qq.cfg = s.ts_config
       where ${where} and ${TSV} @@ qq.any_term
       order by score desc, rank desc, s.id
       limit ?`,
      [query, JSON.stringify(CONFIGS), ...params, CANDIDATES],
    )) as (Omit<SearchHit, 'method'> & { rank: number })[];
    const hits = new Map<number, SearchHit>();
    for (const row of fts)
      if (row.score >= threshold) hits.set(row.id, { ...withoutRank(row), score: round(row.score), method: 'fts' });
    const similar = (await this.deps.em.execute(
      `select s.id, s.kind, s.title, s.question, s.content, s.language, s.status,
         word_similarity(sb_search_text(?), sb_search_text(s.title || ' ' || coalesce(s.question, ''))) as score
       from knowledge_snippets s
       where ${where} and sb_search_text(?) <% sb_search_text(s.title || ' ' || coalesce(s.question, ''))
       order by score desc, s.id
       limit ?`,
      [query, ...params, query, CANDIDATES],
    )) as Omit<SearchHit, 'method'>[];
    for (const row of similar) {
      const known = hits.get(row.id);
      if (!known && row.score >= threshold) hits.set(row.id, { ...row, score: round(row.score), method: 'trigram' });
      else if (known && row.score > known.score) known.score = round(row.score);
    }
    const results = [...hits.values()]
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, topK)
      .map((h) => ({ ...h, language: h.language || null }));
    const engine = await this.deps.aiService.engine();
    return {
      results,
      query_language: detectLanguage(query).language,
      method: 'fts' as const,
      engine: engine.engine,
      ...(engine.engine === 'builtin' && { notice: BUILTIN_NOTICE }),
    };
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;
const withoutRank = ({ rank: _rank, ...hit }: Omit<SearchHit, 'method'> & { rank: number }) => hit;
