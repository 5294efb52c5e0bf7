import { invalidArguments, ToolError, type Services } from '../../../core/index.js';
import { snippetPayload } from './payloads.js';
import { ImportFormatError, parseCsv, parseJson, parseMarkdown, type ImportRecord } from './import-parsers.js';
import type { SnippetData } from './snippets-service.js';

export const IMPORT_MAX_RECORDS = 5000;

export interface ImportRequest {
  format: 'csv' | 'json' | 'markdown';
  content: string;
  status?: 'active' | 'pending';
  dedupe?: boolean;
}

const PARSERS = { csv: parseCsv, json: parseJson, markdown: parseMarkdown };

interface FieldError {
  path: string;
  message: string;
}

/**
 * import_knowledge: every valid record becomes a snippet, all in the call's transaction; the
 * invalid ones are reported with where they were (line or item); when none is valid nothing is
 * written. Status defaults to pending when the shop requires approval. With dedupe (the default),
 * a record with the same title, question and content as a snippet of the shop, or as an earlier
 * record, is skipped.
 */
export class KnowledgeImportService {
  constructor(private readonly deps: Services) {}

  async import(request: ImportRequest) {
    const records = this.parse(request);
    const status =
      request.status ?? ((await this.deps.knowledgeSettingsService.current()).requireApproval ? 'pending' : 'active');
    const errors: FieldError[] = [];
    const prepared: { at: string; row: SnippetData }[] = [];
    for (const record of records) {
      try {
        prepared.push({
          at: record.at,
          row: this.deps.knowledgeSnippetsService.prepare(record.fields, status, 'import'),
        });
      } catch (err) {
        if (!(err instanceof ToolError)) throw err;
        const fieldErrors = (err.details.errors as FieldError[] | undefined) ?? [];
        for (const e of fieldErrors.length ? fieldErrors : [{ path: '', message: err.message }])
          errors.push({ path: e.path ? `${record.at}: ${e.path}` : record.at, message: e.message });
      }
    }
    if (prepared.length === 0)
      throw invalidArguments('No record of the import is valid; nothing was imported.', errors);
    const seen = new Set<string>();
    if (request.dedupe !== false)
      for (const r of await this.deps.em.execute<{ content_hash: string }[]>(
        'select content_hash from knowledge_snippets where shop_id = ? and content_hash in (select jsonb_array_elements_text(?::jsonb))',
        [this.deps.shop.id, JSON.stringify(prepared.map((p) => p.row.contentHash))],
      ))
        seen.add(r.content_hash);
    const skipped: { at: string; title: string }[] = [];
    const kept: SnippetData[] = [];
    for (const { at, row } of prepared) {
      if (request.dedupe !== false && seen.has(row.contentHash)) skipped.push({ at, title: row.title });
      else {
        seen.add(row.contentHash);
        kept.push(row);
      }
    }
    const created = await this.deps.knowledgeSnippetsService.insert(kept);
    return {
      created: created.length,
      status,
      skipped_duplicates: skipped,
      errors,
      snippets: created.slice(0, 50).map(snippetPayload),
    };
  }

  private parse(request: ImportRequest): ImportRecord[] {
    let records: ImportRecord[];
    try {
      records = PARSERS[request.format](request.content);
    } catch (err) {
      if (!(err instanceof ImportFormatError)) throw err;
      throw invalidArguments(err.message, [{ path: 'content', message: err.message }]);
    }
    if (records.length > IMPORT_MAX_RECORDS)
      throw invalidArguments(`At most ${IMPORT_MAX_RECORDS} snippets per import; this one has ${records.length}.`, [
        { path: 'content', message: `more than ${IMPORT_MAX_RECORDS} records` },
      ]);
    return records;
  }
}
