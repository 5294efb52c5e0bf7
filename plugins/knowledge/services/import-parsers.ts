import type * as CsvParse from 'csv-parse/sync';
import { loadAtFirstUse } from '../../../core/index.js';
import type { SnippetFields } from './snippet-fields.js';

// Loaded by the first CSV import: a server whose shops never import snippets keeps its heap.
const csv = loadAtFirstUse<typeof CsvParse>(import.meta.url, 'csv-parse/sync');

/** One record of an import and where it was in the source (a CSV line, a JSON index, a Markdown line). */
export interface ImportRecord {
  at: string;
  fields: SnippetFields;
}

export class ImportFormatError extends Error {}

const LIST = /[,;|]/;
const list = (value: unknown): string[] | undefined =>
  Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string' && value.trim()
      ? value
          .split(LIST)
          .map((v) => v.trim())
          .filter(Boolean)
      : undefined;
const text = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

function fieldsOf(raw: Record<string, unknown>): SnippetFields {
  return {
    title: text(raw.title),
    content: text(raw.content ?? raw.answer ?? raw.body),
    question: text(raw.question),
    kind: text(raw.kind) as SnippetFields['kind'],
    tags: list(raw.tags),
    language: text(raw.language),
    surfaces: list(raw.surfaces),
    valid_until: text(raw.valid_until),
  };
}

/** The header line's most frequent of comma, semicolon and tab: spreadsheets in many locales export with semicolons. */
function delimiterOf(source: string): string {
  const header = source.split(/\r?\n/, 1)[0] ?? '';
  return [',', ';', '\t'].reduce((best, d) => (header.split(d).length > header.split(best).length ? d : best));
}

/** CSV with a header row: title, content (or answer), question, kind, tags, language, surfaces, valid_until. */
export function parseCsv(source: string): ImportRecord[] {
  let rows: { record: Record<string, string>; info: { lines: number } }[];
  try {
    rows = csv().parse(source, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      bom: true,
      trim: true,
      info: true,
      delimiter: delimiterOf(source),
      relax_column_count: true,
    });
  } catch (err) {
    throw new ImportFormatError(`The CSV cannot be read: ${(err as Error).message}`);
  }
  return rows.map(({ record, info }) => ({ at: `line ${info.lines}`, fields: fieldsOf(record) }));
}

/** A JSON array of snippet objects, or { "snippets": [...] }. */
export function parseJson(source: string): ImportRecord[] {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (err) {
    throw new ImportFormatError(`The JSON cannot be read: ${(err as Error).message}`);
  }
  const items = Array.isArray(data) ? data : (data as { snippets?: unknown })?.snippets;
  if (!Array.isArray(items))
    throw new ImportFormatError('The JSON must be an array of snippets or { "snippets": [...] }.');
  return items.map((item, i) => ({
    at: `item ${i}`,
    fields: item && typeof item === 'object' ? fieldsOf(item as Record<string, unknown>) : {},
  }));
}

/**
 * Markdown: each heading (#, ## or ###) starts a snippet, its text up to the next heading is the
 * content. A heading that is a question makes an FAQ (the heading is also its question).
 */
export function parseMarkdown(source: string): ImportRecord[] {
  const records: ImportRecord[] = [];
  let current: { line: number; title: string; body: string[] } | null = null;
  const close = () => {
    if (!current) return;
    const title = current.title.trim();
    const isQuestion = /[?？]$/.test(title) || /^¿/.test(title);
    records.push({
      at: `line ${current.line}`,
      fields: { title, content: current.body.join('\n').trim(), ...(isQuestion && { question: title, kind: 'faq' }) },
    });
  };
  source.split(/\r?\n/).forEach((line, i) => {
    const heading = /^#{1,3}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      close();
      current = { line: i + 1, title: heading[1]!, body: [] };
    } else current?.body.push(line);
  });
  close();
  if (records.length === 0)
    throw new ImportFormatError('The Markdown has no heading: each snippet starts with a # heading.');
  return records;
}
