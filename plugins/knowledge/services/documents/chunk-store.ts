import type { EntityManager } from '../../../../core/index.js';
import type { ChunkText } from './chunker.js';

/** Rows per insert statement: a 5 MB text is about 7,000 chunks. */
const BATCH = 500;

/** A chunk's search vector: the document's title (weight A), its headings (B) and its text (C). */
const TSV = `sb_knowledge_tsv(?, ?, (select string_agg(h, ' ') from jsonb_array_elements_text(c.heading_path) h), c.content)`;

export interface ChunkOwner {
  id: number;
  shopId: number;
  title: string;
  tsConfig: string;
}

/** Replaces a document's chunks (their vectors go with them), in the caller's transaction. */
export async function replaceChunks(em: EntityManager, document: ChunkOwner, chunks: ChunkText[]): Promise<void> {
  await em.execute('delete from knowledge_chunks where document_id = ?', [document.id]);
  for (let start = 0; start < chunks.length; start += BATCH) {
    const rows = chunks
      .slice(start, start + BATCH)
      .map((c, i) => ({ ordinal: start + i, heading_path: c.headingPath, content: c.content }));
    await em.execute(
      `insert into knowledge_chunks (shop_id, document_id, ordinal, heading_path, content, ts_config, tsv)
       select ?, ?, c.ordinal, c.heading_path, c.content, ?, ${TSV}
       from jsonb_to_recordset(?::jsonb) as c(ordinal int, heading_path jsonb, content text)`,
      [document.shopId, document.id, document.tsConfig, document.tsConfig, document.title, JSON.stringify(rows)],
    );
  }
}

/** A new title or language re-indexes the document's chunks where they are. */
export async function reindexChunks(em: EntityManager, document: ChunkOwner): Promise<void> {
  await em.execute(`update knowledge_chunks c set ts_config = ?, tsv = ${TSV} where c.document_id = ?`, [
    document.tsConfig,
    document.tsConfig,
    document.title,
    document.id,
  ]);
}
