import type { Snippet } from '../entities/snippet.entity.js';

export const snippetPayload = (s: Snippet) => ({
  id: s.id,
  kind: s.kind,
  title: s.title,
  question: s.question ?? null,
  content: s.content,
  tags: s.tags,
  language: s.language || null,
  surfaces: s.surfaces.length ? s.surfaces : ['all'],
  status: s.status,
  status_reason: s.statusReason ?? null,
  source: s.source,
  valid_until: s.validUntil?.toISOString() ?? null,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
  approved_at: s.approvedAt?.toISOString() ?? null,
});
export type SnippetPayload = ReturnType<typeof snippetPayload>;
