import type { DocqaFile } from '../../entities/docqa-file.entity.js';

interface DocumentRow {
  status: string;
  status_reason: string | null;
  claimed_at: Date | null;
  chunk_count: number;
  char_count: number;
  format: string;
}

/**
 * A file's place in the pipeline, read from its knowledge document: queued (waiting for the
 * indexing job), processing (a process is reading it), ready, or failed with the reason (an
 * encrypted or scanned PDF, an unsupported type, no text).
 */
export function fileStatus(file: DocqaFile, document: DocumentRow | undefined) {
  const status = !document
    ? 'failed'
    : document.status === 'processing'
      ? document.claimed_at
        ? 'processing'
        : 'queued'
      : document.status;
  return {
    file_id: file.id,
    name: file.name,
    storage_file_id: file.fileId,
    format: document?.format ?? null,
    status,
    progress_percent: status === 'ready' || status === 'failed' ? 100 : status === 'processing' ? 50 : 0,
    chunks: document?.chunk_count ?? 0,
    characters: document?.char_count ?? 0,
    error: document ? document.status_reason : 'the file’s text is gone',
    added_at: file.createdAt.toISOString(),
  };
}
