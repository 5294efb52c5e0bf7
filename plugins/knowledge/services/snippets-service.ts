import { invalidArguments, invalidState, likeLiteral, notFound, type Services } from '../../../core/index.js';
import { Snippet, type SnippetStatus } from '../entities/snippet.entity.js';
import { snippetPayload } from './payloads.js';
import { filteredPage, ShopFilter } from './filtered-page.js';
import { contentHash, normalised, snippetLanguage, tsConfigOf, type SnippetFields } from './snippet-fields.js';

export type SnippetData = Pick<
  Snippet,
  | 'kind'
  | 'title'
  | 'question'
  | 'content'
  | 'tags'
  | 'language'
  | 'tsConfig'
  | 'surfaces'
  | 'status'
  | 'source'
  | 'validUntil'
  | 'contentHash'
  | 'approvedAt'
>;

export interface SnippetFilters {
  status?: SnippetStatus;
  kind?: string;
  tag?: string;
  language?: string;
  surface?: string;
  query?: string;
}

/**
 * Knowledge snippets and their life: pending → active (approve) or rejected (reject), active →
 * expired at valid_until (job); an edit keeps the status and re-indexes (language, hash).
 */
export class KnowledgeSnippetsService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  /** A new snippet's row, checked, not yet persisted (import checks them all before writing any). */
  prepare(fields: SnippetFields, status: 'active' | 'pending', source: Snippet['source']): SnippetData {
    const f = normalised(fields, this.deps.shop.timezone);
    if (!f.title || !f.content)
      throw invalidArguments('title and content are required.', [
        ...(f.title ? [] : [{ path: 'title', message: 'required' }]),
        ...(f.content ? [] : [{ path: 'content', message: 'required' }]),
      ]);
    const question = f.question ?? null;
    const language = snippetLanguage(fields.language, [f.title, question, f.content].filter(Boolean).join('\n'));
    return {
      kind: f.kind ?? (question ? 'faq' : 'note'),
      title: f.title,
      question,
      content: f.content,
      tags: f.tags ?? [],
      language,
      tsConfig: tsConfigOf(language),
      surfaces: f.surfaces ?? [],
      status,
      source,
      validUntil: f.validUntil ?? null,
      contentHash: contentHash(f.title, question, f.content),
      approvedAt: status === 'active' ? new Date() : null,
    };
  }

  /** Persists prepared rows (one flush). */
  async insert(rows: SnippetData[]): Promise<Snippet[]> {
    const snippets = rows.map((row) => this.em.create(Snippet, row as Snippet));
    await this.em.flush();
    return snippets;
  }

  async create(fields: SnippetFields, status: 'active' | 'pending' = 'active', source: Snippet['source'] = 'api') {
    const [snippet] = await this.insert([this.prepare(fields, status, source)]);
    return { snippet: snippetPayload(snippet!) };
  }

  async find(id: number): Promise<Snippet> {
    const snippet = await this.em.findOne(Snippet, { id });
    if (!snippet) throw notFound('knowledge snippet', id);
    return snippet;
  }

  async get(id: number) {
    return { snippet: snippetPayload(await this.find(id)) };
  }

  async update(id: number, fields: SnippetFields) {
    const snippet = await this.find(id);
    const f = normalised(fields, this.deps.shop.timezone);
    if (Object.keys(f).length === 0 && fields.language === undefined)
      throw invalidArguments('Nothing to change: give at least one field.');
    Object.assign(snippet, f);
    if (fields.language !== undefined || f.title || f.content || f.question !== undefined) {
      // A new text is detected again unless a language is given with it.
      snippet.language = snippetLanguage(
        fields.language ?? null,
        [snippet.title, snippet.question, snippet.content].filter(Boolean).join('\n'),
      );
      snippet.tsConfig = tsConfigOf(snippet.language);
    }
    snippet.contentHash = contentHash(snippet.title, snippet.question ?? null, snippet.content);
    // A new valid_until (future or none) brings an expired snippet back.
    if (snippet.status === 'expired' && f.validUntil !== undefined) snippet.status = 'active';
    await this.em.flush();
    return { snippet: snippetPayload(snippet) };
  }

  async delete(id: number) {
    const snippet = await this.find(id);
    await this.em.removeAndFlush(snippet);
    return { deleted: true, id };
  }

  async approve(id: number) {
    const snippet = await this.pending(id, 'approve');
    snippet.status = 'active';
    snippet.statusReason = null;
    snippet.approvedAt = new Date();
    await this.em.flush();
    return { snippet: snippetPayload(snippet) };
  }

  async reject(id: number, reason: string | undefined) {
    const snippet = await this.pending(id, 'reject');
    snippet.status = 'rejected';
    snippet.statusReason = reason?.trim() || null;
    await this.em.flush();
    return { snippet: snippetPayload(snippet) };
  }

  private async pending(id: number, action: string): Promise<Snippet> {
    const snippet = await this.find(id);
    if (snippet.status !== 'pending')
      throw invalidState(`Snippet ${id} is ${snippet.status}; only a pending snippet can be ${action}d.`, {
        current_status: snippet.status,
        allowed: ['pending'],
      });
    return snippet;
  }

  async list(filters: SnippetFilters, limit: number, offset: number) {
    const filter = new ShopFilter(this.deps.shop.id).surface(filters.surface);
    if (filters.status) filter.add('status = ?', filters.status);
    if (filters.kind) filter.add('kind = ?', filters.kind);
    if (filters.language) filter.add('language = ?', filters.language);
    if (filters.tag) filter.add('tags @> ?::jsonb', JSON.stringify([filters.tag.trim().toLowerCase()]));
    if (filters.query?.trim())
      filter.add(
        `sb_search_text(title || ' ' || coalesce(question, '') || ' ' || content) like '%' || sb_search_text(?) || '%'`,
        likeLiteral(filters.query.trim()),
      );
    const { rows, total } = await filteredPage(this.em, Snippet, 'knowledge_snippets', filter, limit, offset);
    return { snippets: rows.map(snippetPayload), total, limit, offset };
  }
}
