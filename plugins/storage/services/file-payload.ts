import type { StoredFile } from '../entities/stored-file.entity.js';
import type { FilePayload } from '../tools/outputs.js';

export const filePayload = (f: StoredFile, references = 0): FilePayload => ({
  id: f.id,
  filename: f.filename,
  purpose: f.purpose,
  content_type: f.contentType,
  size_bytes: Number(f.sizeBytes),
  sha256: f.sha256 ?? null,
  status: f.status,
  tags: [...f.tags],
  references,
  created_at: f.createdAt.toISOString(),
  updated_at: f.updatedAt.toISOString(),
});
