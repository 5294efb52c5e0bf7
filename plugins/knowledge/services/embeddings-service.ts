import type { Services } from '../../../core/index.js';
import { embeddingModelOf } from '../../prompt/surface.js';
import { fromBytes, toBytes, toUnit, type ShopVectors, type VectorCache } from './vector-cache.js';

/** What is embedded of a snippet: its title, question and content, cut to what a model takes. */
const EMBED_TEXT_MAX = 8000;

export interface StaleSnippet {
  id: number;
  text: string;
  content_hash: string;
}

export interface StaleChunk {
  id: number;
  text: string;
}

/** What a vector belongs to: a snippet (knowledge_embeddings) or a document's chunk (knowledge_chunk_embeddings). */
export type VectorKind = 'snippet' | 'chunk';

const TABLES = {
  snippet: { table: 'knowledge_embeddings', owner: 'snippet_id' },
  chunk: { table: 'knowledge_chunk_embeddings', owner: 'chunk_id' },
} as const;

interface Deps extends Services {
  knowledgeVectorCache: VectorCache;
}

/**
 * The shop's snippet vectors: which ones the current embedding model still has to make (new,
 * edited, or made by another model), storing them, and loading them for search.
 */
export class KnowledgeEmbeddingsService {
  constructor(private readonly deps: Deps) {}

  /** The embedding model of the shop's engine now, or null (built-in engine, or none configured). */
  async model(): Promise<string | null> {
    return embeddingModelOf(await this.deps.promptAiService.engine());
  }

  async stale(model: string, limit: number): Promise<StaleSnippet[]> {
    return this.deps.em.execute<StaleSnippet[]>(
      `select s.id, left(s.title || E'\\n' || coalesce(s.question || E'\\n', '') || s.content, ${EMBED_TEXT_MAX}) as text, s.content_hash
       from knowledge_snippets s
       where s.shop_id = ? and s.status in ('active', 'pending')
         and not exists (select 1 from knowledge_embeddings e where e.snippet_id = s.id and e.model = ? and e.content_hash = s.content_hash)
       order by s.id limit ?`,
      [this.deps.shop.id, model, limit],
    );
  }

  /** Chunks the current model has not embedded yet (a chunk's text never changes), with their headings. */
  async staleChunks(model: string, limit: number): Promise<StaleChunk[]> {
    return this.deps.em.execute<StaleChunk[]>(
      `select c.id, left(coalesce((select string_agg(h, ' / ') || E'\\n' from jsonb_array_elements_text(c.heading_path) h), '') || c.content, ${EMBED_TEXT_MAX}) as text
       from knowledge_chunks c
       where c.shop_id = ? and not exists (select 1 from knowledge_chunk_embeddings e where e.chunk_id = c.id and e.model = ?)
       order by c.id limit ?`,
      [this.deps.shop.id, model, limit],
    );
  }

  /** Vectors of another model are dropped: searches never mix models, and they would never be read again. */
  async purgeOtherModels(model: string): Promise<void> {
    for (const { table } of Object.values(TABLES))
      await this.deps.em.execute(`delete from ${table} where shop_id = ? and model <> ?`, [this.deps.shop.id, model]);
  }

  /** Stores (or replaces) vectors; a snippet edited since it was read keeps its new hash and is embedded again later. */
  async store(model: string, rows: { snippet: StaleSnippet; vector: number[] }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.deps.em.execute(
      `insert into knowledge_embeddings (shop_id, snippet_id, model, dims, vector, content_hash, created_at)
       select ?, v.snippet_id, ?, v.dims, decode(v.vector, 'base64'), v.content_hash, now()
       from json_to_recordset(?::json) as v(snippet_id int, dims int, vector text, content_hash text)
       where exists (select 1 from knowledge_snippets s where s.id = v.snippet_id and s.shop_id = ?)
       on conflict (snippet_id, model) do update set dims = excluded.dims, vector = excluded.vector, content_hash = excluded.content_hash, created_at = now()`,
      [
        this.deps.shop.id,
        model,
        JSON.stringify(
          rows.map(({ snippet, vector }) => ({
            snippet_id: snippet.id,
            dims: vector.length,
            vector: toBytes(vector).toString('base64'),
            content_hash: snippet.content_hash,
          })),
        ),
        this.deps.shop.id,
      ],
    );
  }

  /** Stores chunk vectors; a chunk deleted since it was read (its document changed) is skipped. */
  async storeChunks(model: string, rows: { chunk: StaleChunk; vector: number[] }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.deps.em.execute(
      `insert into knowledge_chunk_embeddings (shop_id, chunk_id, model, dims, vector, created_at)
       select ?, v.chunk_id, ?, v.dims, decode(v.vector, 'base64'), now()
       from json_to_recordset(?::json) as v(chunk_id int, dims int, vector text)
       where exists (select 1 from knowledge_chunks c where c.id = v.chunk_id and c.shop_id = ?)
       on conflict (chunk_id, model) do nothing`,
      [
        this.deps.shop.id,
        model,
        JSON.stringify(
          rows.map(({ chunk, vector }) => ({
            chunk_id: chunk.id,
            dims: vector.length,
            vector: toBytes(vector).toString('base64'),
          })),
        ),
        this.deps.shop.id,
      ],
    );
  }

  /** How far the current model has got: vectors made, and snippets and chunks still waiting. */
  async status(model: string | null) {
    if (!model) return { model: null, dims: null, indexed: 0, stale: 0 };
    const [row] = await this.deps.em.execute<{ indexed: number; dims: number | null }[]>(
      `select count(*)::int as indexed, max(dims) as dims from (
         select dims from knowledge_embeddings where shop_id = ? and model = ?
         union all select dims from knowledge_chunk_embeddings where shop_id = ? and model = ?) v`,
      [this.deps.shop.id, model, this.deps.shop.id, model],
    );
    const [waiting] = await this.deps.em.execute<{ n: number }[]>(
      `select (select count(*) from knowledge_snippets s where s.shop_id = ? and s.status in ('active', 'pending')
         and not exists (select 1 from knowledge_embeddings e where e.snippet_id = s.id and e.model = ? and e.content_hash = s.content_hash))::int
       + (select count(*) from knowledge_chunks c where c.shop_id = ?
         and not exists (select 1 from knowledge_chunk_embeddings e where e.chunk_id = c.id and e.model = ?))::int as n`,
      [this.deps.shop.id, model, this.deps.shop.id, model],
    );
    return { model, dims: row?.dims ?? null, indexed: row?.indexed ?? 0, stale: waiting?.n ?? 0 };
  }

  /** The shop's vectors of this model for snippets or chunks, from the process cache while nothing changed. */
  async vectors(model: string, kind: VectorKind): Promise<ShopVectors | null> {
    const shopId = this.deps.shop.id;
    const { table, owner } = TABLES[kind];
    const [mark] = await this.deps.em.execute<{ n: number; newest: Date | null; dims: number | null }[]>(
      `select count(*)::int as n, max(created_at) as newest, max(dims) as dims from ${table} where shop_id = ? and model = ?`,
      [shopId, model],
    );
    if (!mark || mark.n === 0) return null;
    const stamp = `${mark.n} ${new Date(mark.newest!).getTime()}`;
    const cached = this.deps.knowledgeVectorCache.get(shopId, kind, model, stamp);
    if (cached) return cached;
    const dims = mark.dims!;
    const rows = await this.deps.em.execute<{ id: number; vector: Buffer }[]>(
      `select ${owner} as id, vector from ${table} where shop_id = ? and model = ? and dims = ? order by id`,
      [shopId, model, dims],
    );
    const matrix = new Float32Array(rows.length * dims);
    rows.forEach((row, i) => matrix.set(toUnit(fromBytes(row.vector)), i * dims));
    const entry = { model, dims, stamp, ids: rows.map((r) => Number(r.id)), matrix };
    this.deps.knowledgeVectorCache.set(shopId, kind, entry);
    return entry;
  }
}
