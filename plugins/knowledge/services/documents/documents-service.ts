import { LockMode } from '@mikro-orm/core';
import {
  groupNotEnabled,
  invalidArguments,
  likeLiteral,
  notFound,
  ToolError,
  type Services,
} from '../../../../core/index.js';
import {
  INLINE_FORMATS,
  KnowledgeDocument,
  type DocumentFormat,
  type DocumentStatus,
} from '../../entities/document.entity.js';
import { KnowledgeChunk } from '../../entities/chunk.entity.js';
import { snippetLanguage, tsConfigOf } from '../snippet-fields.js';
import { chunk, type ChunkText } from './chunker.js';
import { replaceChunks, reindexChunks } from './chunk-store.js';
import { documentPayload } from './document-payload.js';
import { formatOfContentType, sectionsOf } from './extract.js';
import type { Section } from './sections.js';
import { filteredPage, ShopFilter } from '../filtered-page.js';

/** Documents a shop may have. */
export const DOCUMENTS_MAX = 1000;
/** The longest text a document may have once read (a longer file fails, a longer content is refused). */
export const DOCUMENT_TEXT_MAX = 5_000_000;
/** The text a document's language is detected from: its beginning. */
const DETECT_CHARS = 5000;

export interface DocumentFields {
  title?: string;
  content?: string;
  format?: 'text' | 'markdown' | 'html';
  file_id?: number;
  language?: string | null;
  surfaces?: string[];
  /** Set by another group (a document Q&A assistant), never by a tool: see KnowledgeDocument.collection. */
  collection?: string;
}

export interface DocumentFilters {
  status?: DocumentStatus;
  format?: DocumentFormat;
  surface?: string;
  query?: string;
}

/** The storage group's link from a document to the file it is read from. */
const fileOwner = (id: number) => ({ group: 'knowledge', type: 'document', id });

/**
 * Knowledge documents: a text given in the call is cut into chunks in the call; a stored file
 * (storage group, purpose knowledge or docqa) is read and cut by the job `index-documents`,
 * outside any transaction, and its chunks written in a short one (jobs/index-documents.ts).
 */
export class KnowledgeDocumentsService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async add(fields: DocumentFields) {
    const source = oneSource(fields);
    const [{ n }] = await this.em.execute<{ n: number }[]>(
      'select count(*)::int as n from knowledge_documents where shop_id = ?',
      [this.deps.shop.id],
    );
    if (n! >= DOCUMENTS_MAX)
      throw new ToolError(
        'knowledge_document_limit_reached',
        `The shop has ${n} documents, the most it may have; delete one first.`,
        { current_count: n, max_allowed: DOCUMENTS_MAX },
      );
    const title = fields.title?.trim();
    if (source === 'content' && !title) throw blank('title');
    if (source === 'file' && fields.format)
      throw invalidArguments('format describes content; a file’s format comes from its type.', [
        { path: 'format', message: 'only with content' },
      ]);
    const document = this.em.create(KnowledgeDocument, {
      title: title ?? '',
      format: fields.format ?? 'text',
      fileId: null,
      language: fields.language ?? '',
      languageGiven: Boolean(fields.language),
      tsConfig: tsConfigOf(fields.language ?? ''),
      surfaces: surfacesOf(fields.surfaces) ?? [],
      collection: fields.collection ?? null,
      status: 'processing',
      statusReason: null,
      charCount: 0,
      chunkCount: 0,
      claimedAt: null,
      attempts: 0,
      indexedAt: null,
    } as KnowledgeDocument);
    await this.em.flush();
    if (source === 'content') await this.index(document, sectionsOf(document.format as 'text', fields.content!));
    else await this.attach(document, fields.file_id!, !title);
    return { document: documentPayload(document) };
  }

  async update(id: number, fields: DocumentFields) {
    const document = await this.find(id);
    const source = fields.content !== undefined || fields.file_id !== undefined ? oneSource(fields) : null;
    if (
      source === null &&
      fields.title === undefined &&
      fields.language === undefined &&
      fields.surfaces === undefined &&
      fields.format === undefined
    )
      throw invalidArguments('Nothing to change: give at least one field.');
    if (fields.format !== undefined && source !== 'content')
      throw invalidArguments('format describes a new content: give it with content.', [
        { path: 'format', message: 'only with content' },
      ]);
    if (fields.title !== undefined) {
      if (!fields.title.trim()) throw blank('title');
      document.title = fields.title.trim();
    }
    if (fields.surfaces !== undefined) document.surfaces = surfacesOf(fields.surfaces)!;
    if (fields.language !== undefined) {
      document.languageGiven = Boolean(fields.language);
      if (fields.language) document.language = fields.language;
    }
    if (source === 'content') {
      // A text replacing a file is plain text unless a format comes with it.
      const wasText = INLINE_FORMATS.includes(document.format as 'text') && !document.fileId;
      await this.detach(document);
      document.format = fields.format ?? (wasText ? document.format : 'text');
      await this.index(document, sectionsOf(document.format as 'text', fields.content!));
    } else if (source === 'file') {
      await this.detach(document);
      await this.attach(document, fields.file_id!, false);
    } else {
      if (fields.language === null) document.language = await this.detectFromChunks(document.id);
      document.tsConfig = tsConfigOf(document.language);
      await this.em.flush();
      if (fields.title !== undefined || fields.language !== undefined) await reindexChunks(this.em, document);
    }
    return { document: documentPayload(document) };
  }

  async delete(id: number, collection: string | null = null) {
    const document = await this.find(id, collection);
    await this.detach(document);
    await this.em.removeAndFlush(document);
    return { deleted: true, id };
  }

  async get(id: number, chunkLimit: number, chunkOffset: number) {
    const document = await this.find(id);
    const chunks = await this.em.find(
      KnowledgeChunk,
      { document: id },
      { orderBy: { ordinal: 'asc' }, limit: chunkLimit, offset: chunkOffset },
    );
    return {
      document: documentPayload(document),
      chunks: chunks.map((c) => ({ id: c.id, ordinal: c.ordinal, heading_path: c.headingPath, content: c.content })),
      chunk_limit: chunkLimit,
      chunk_offset: chunkOffset,
    };
  }

  async list(filters: DocumentFilters, limit: number, offset: number) {
    const filter = new ShopFilter(this.deps.shop.id).surface(filters.surface);
    filter.add('collection is null');
    if (filters.status) filter.add('status = ?', filters.status);
    if (filters.format) filter.add('format = ?', filters.format);
    if (filters.query?.trim())
      filter.add(`sb_search_text(title) like '%' || sb_search_text(?) || '%'`, likeLiteral(filters.query.trim()));
    const { rows, total } = await filteredPage(
      this.em,
      KnowledgeDocument,
      'knowledge_documents',
      filter,
      limit,
      offset,
    );
    return { documents: rows.map(documentPayload), total, limit, offset };
  }

  /** Where a collection's documents stand (a document Q&A assistant's files): status, reason, size. */
  async inCollection(collection: string): Promise<KnowledgeDocument[]> {
    return this.em.find(KnowledgeDocument, { collection }, { orderBy: { id: 'asc' } });
  }

  /** A document of the shop's knowledge, or of the collection named. */
  async find(id: number, collection: string | null = null): Promise<KnowledgeDocument> {
    const document = await this.em.findOne(KnowledgeDocument, { id, collection });
    if (!document) throw notFound('knowledge document', id);
    return document;
  }

  /** The document, locked, when it still waits for this file (not changed or deleted since the job took it). */
  async waitingFor(id: number, fileId: number): Promise<KnowledgeDocument | null> {
    const document = await this.em.findOne(KnowledgeDocument, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    return document?.status === 'processing' && document.fileId === fileId ? document : null;
  }

  /** Chunks a read text and stores them: the document is ready (or refused when it has no text). */
  async index(document: KnowledgeDocument, sections: Section[]): Promise<void> {
    const prepared = prepareText(sections, document.languageGiven ? document.language : null);
    if (prepared instanceof Error) throw invalidArguments(prepared.message);
    await this.store(document, prepared);
  }

  /** Writes a document's new chunks and marks it ready. */
  async store(document: KnowledgeDocument, prepared: PreparedText): Promise<void> {
    Object.assign(document, {
      language: prepared.language,
      tsConfig: tsConfigOf(prepared.language),
      status: 'ready',
      statusReason: null,
      charCount: prepared.charCount,
      chunkCount: prepared.chunks.length,
      indexedAt: new Date(),
      claimedAt: null,
    });
    await this.em.flush();
    await replaceChunks(this.em, document, prepared.chunks);
  }

  /** A file that cannot be read fails the document; its earlier chunks go, so its state is what search sees. */
  async fail(document: KnowledgeDocument, reason: string): Promise<void> {
    document.status = 'failed';
    document.statusReason = reason.slice(0, 500);
    document.chunkCount = 0;
    document.claimedAt = null;
    await this.em.flush();
    await replaceChunks(this.em, document, []);
  }

  /** The document will be read from a stored file by the job; the file cannot be deleted meanwhile. */
  private async attach(document: KnowledgeDocument, fileId: number, titleFromFile: boolean): Promise<void> {
    if (!this.deps.kernelCatalog.names().includes('storage'))
      throw groupNotEnabled(
        'storage',
        'file_id names a file of the storage group, which is not enabled on this server.',
      );
    const file = await this.deps.storageFilesService.link(fileId, fileOwner(document.id), ['knowledge', 'docqa']);
    const format = formatOfContentType(file.contentType);
    if (!format)
      throw invalidArguments(
        `File ${fileId} is ${file.contentType}; a document is PDF, Word (docx), text, Markdown or HTML.`,
        [{ path: 'file_id', message: 'not a document type' }],
      );
    if (titleFromFile) document.title = file.filename.slice(0, 200);
    Object.assign(document, { format, fileId, status: 'processing', statusReason: null, claimedAt: null, attempts: 0 });
    await this.em.flush();
  }

  private async detach(document: KnowledgeDocument): Promise<void> {
    if (document.fileId === null || document.fileId === undefined) return;
    await this.deps.storageFilesService.unlink(fileOwner(document.id), document.fileId);
    document.fileId = null;
  }

  private async detectFromChunks(documentId: number): Promise<string> {
    const [row] = await this.em.execute<{ text: string | null }[]>(
      `select left(string_agg(content, E'\\n' order by ordinal), ?) as text
       from (select content, ordinal from knowledge_chunks where document_id = ? order by ordinal limit 10) c`,
      [DETECT_CHARS, documentId],
    );
    return snippetLanguage(null, row?.text ?? '');
  }
}

export interface PreparedText {
  language: string;
  charCount: number;
  chunks: ChunkText[];
}

/**
 * A read text's language (the given one, else detected from its beginning) and chunks, or why it
 * cannot be a document. Pure CPU: the indexing job runs it outside any transaction.
 */
export function prepareText(sections: Section[], language: string | null): PreparedText | Error {
  const text = sections.map((s) => s.text).join('\n');
  if (text.length > DOCUMENT_TEXT_MAX)
    return new Error(`The text has ${text.length} characters; a document may have ${DOCUMENT_TEXT_MAX}.`);
  const detected = language ?? snippetLanguage(null, text.slice(0, DETECT_CHARS));
  const chunks = chunk(sections, detected);
  if (chunks.length === 0) return new Error('The document has no text to index.');
  return { language: detected, charCount: text.length, chunks };
}

/** A document comes from exactly one of content and file_id. */
function oneSource(fields: DocumentFields): 'content' | 'file' {
  const given = [fields.content !== undefined, fields.file_id !== undefined].filter(Boolean).length;
  if (given !== 1)
    throw invalidArguments('Give the text as content, or a stored file as file_id (one of them).', [
      { path: 'content', message: 'content or file_id, exactly one' },
    ]);
  if (fields.content !== undefined && !fields.content.trim()) throw blank('content');
  return fields.content !== undefined ? 'content' : 'file';
}

const blank = (path: string) =>
  invalidArguments(`${path} must not be blank.`, [{ path, message: 'must not be blank' }]);

/** `all` means every surface (stored as none), like a snippet's. */
const surfacesOf = (surfaces: string[] | undefined) =>
  surfaces && (surfaces.includes('all') ? [] : [...new Set(surfaces)]);
