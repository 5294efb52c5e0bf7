import type { KnowledgeDocument } from '../../entities/document.entity.js';

export const documentPayload = (d: KnowledgeDocument) => ({
  id: d.id,
  title: d.title,
  format: d.format,
  source: d.fileId ? ('file' as const) : ('content' as const),
  file_id: d.fileId ?? null,
  language: d.language || null,
  surfaces: d.surfaces.length ? d.surfaces : ['all'],
  status: d.status,
  status_reason: d.statusReason ?? null,
  char_count: d.charCount,
  chunk_count: d.chunkCount,
  created_at: d.createdAt.toISOString(),
  updated_at: d.updatedAt.toISOString(),
  indexed_at: d.indexedAt?.toISOString() ?? null,
});
