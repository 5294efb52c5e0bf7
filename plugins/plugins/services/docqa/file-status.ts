import type { DocqaFile } from '../../entities/docqa-file.entity.js';

interface DocumentRow {
  status: string;
  statusReason?: string | null;
  claimedAt?: Date | null;
  chunkCount: number;
  charCount: number;
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
      ? document.claimedAt
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
    chunks: document?.chunkCount ?? 0,
    characters: document?.charCount ?? 0,
    error: document ? (document.statusReason ?? null) : 'the file’s text is gone',
    added_at: file.createdAt.toISOString(),
  };
}
