import { createHash } from 'node:crypto';
import { invalidArguments, parseShopDay } from '../../../core/index.js';
import { detectLanguage, WIDGET_LANGUAGES, type WidgetLanguage } from '../../prompt/surface.js';
import type { SnippetKind } from '../entities/snippet.entity.js';

export const CONTENT_MAX = 8000;
export const TAGS_MAX = 20;

/** What a snippet is made of, as create, update and import give it. */
export interface SnippetFields {
  kind?: SnippetKind;
  title?: string;
  question?: string | null;
  content?: string;
  tags?: string[];
  language?: string | null;
  surfaces?: string[];
  valid_until?: string | null;
}

/** The full-text configuration of a language: its stemmer behind accent folding, or plain words. */
export const tsConfigOf = (language: string) =>
  (WIDGET_LANGUAGES as readonly string[]).includes(language) ? `sb_${language}` : 'sb_simple';

/** The language a snippet is indexed in: the one given, else the one its text is written in ('' when unclear). */
export function snippetLanguage(given: string | null | undefined, text: string): WidgetLanguage | '' {
  if (given) return given as WidgetLanguage;
  return detectLanguage(text).language ?? '';
}

export const contentHash = (title: string, question: string | null, content: string) =>
  createHash('sha256')
    .update(`${title}\n${question ?? ''}\n${content}`, 'utf8')
    .digest('hex');

/** Tags trimmed and lower-cased, each once; `all` in surfaces means every surface (stored as none). */
export function normalised(fields: SnippetFields, zone: string) {
  const errors: { path: string; message: string }[] = [];
  const tags = fields.tags && [...new Set(fields.tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
  const surfaces = fields.surfaces && (fields.surfaces.includes('all') ? [] : [...new Set(fields.surfaces)]);
  let validUntil: Date | null | undefined;
  if (fields.valid_until === null) validUntil = null;
  else if (fields.valid_until !== undefined) {
    validUntil = parseShopDay(fields.valid_until, zone, 'valid_until', 'end');
    if (validUntil.getTime() <= Date.now()) errors.push({ path: 'valid_until', message: 'must be in the future' });
  }
  for (const name of ['title', 'content'] as const)
    if (fields[name] !== undefined && !fields[name]!.trim()) errors.push({ path: name, message: 'must not be blank' });
  if (errors.length) throw invalidArguments(errors.map((e) => `${e.path} ${e.message}`).join('; '), errors);
  return {
    ...(fields.kind !== undefined && { kind: fields.kind }),
    ...(fields.title !== undefined && { title: fields.title.trim() }),
    ...(fields.question !== undefined && { question: fields.question?.trim() || null }),
    ...(fields.content !== undefined && { content: fields.content.trim() }),
    ...(tags && { tags }),
    ...(surfaces && { surfaces }),
    ...(validUntil !== undefined && { validUntil }),
  };
}
