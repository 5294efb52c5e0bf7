import {
  invalidArguments,
  normalizeDomains,
  notFound,
  ToolError,
  type Paging,
  type Services,
} from '../../../../core/index.js';
import { DocqaAssistant } from '../../entities/docqa-assistant.entity.js';
import { DocqaFile } from '../../entities/docqa-file.entity.js';
import { WidgetSession } from '../../entities/widget-session.entity.js';
import type { LanguageMode } from '../../entities/values.js';
import { newPublicKey } from '../settings/keys.js';
import { mergeObject, settleLanguages } from '../settings/widget-fields.js';
import { assistantPayload, collectionOf } from './docqa-payload.js';
import { fileStatus } from './file-status.js';

export const ASSISTANTS_MAX = 20;
export const FILES_MAX = 50;

export interface AssistantFields {
  display_name?: string;
  prompt?: string;
  is_enabled?: boolean;
  language_mode?: LanguageMode;
  language_fixed?: string;
  language_available?: string[];
  language_show_selector?: boolean;
  rate_limit_per_session?: number;
  rate_limit_window_minutes?: number | null;
  allowed_domains?: string[];
  config_design?: Record<string, unknown>;
  config_texts?: Record<string, unknown>;
}

export interface FileFields {
  storage_file_id?: number;
  text?: string;
  name?: string;
  format?: 'text' | 'markdown' | 'html';
}

/**
 * Document Q&A assistants and their files. A file is a knowledge document of the assistant's own
 * collection: the knowledge group reads it (PDF page by page, Word, Markdown, HTML, text), cuts and
 * indexes it, and searches it only when this assistant asks.
 */
export class DocqaService {
  constructor(private readonly deps: Services) {}

  async create(fields: AssistantFields & { display_name: string }) {
    const { em } = this.deps;
    const count = await em.count(DocqaAssistant, {});
    if (count >= ASSISTANTS_MAX)
      throw new ToolError(
        'docqa_assistant_limit_reached',
        `The shop has ${count} document Q&A assistants, the most it may have; delete one first.`,
        { current_count: count, max_allowed: ASSISTANTS_MAX },
      );
    const assistant = em.create(DocqaAssistant, {
      displayName: '',
      prompt: null,
      isEnabled: true,
      languageMode: 'auto',
      languageFixed: null,
      languageAvailable: [],
      languageShowSelector: false,
      rateLimitPerSession: 50,
      rateLimitWindowMinutes: null,
      allowedDomains: [],
      configDesign: {},
      configTexts: {},
      publicKey: newPublicKey(),
    } as unknown as DocqaAssistant);
    this.apply(assistant, fields);
    await em.flush();
    return { assistant: assistantPayload(assistant, this.deps.baseUrl()) };
  }

  async update(id: number, fields: AssistantFields) {
    if (Object.keys(fields).length === 0)
      throw invalidArguments('Nothing to change: give at least one field besides assistant_id.');
    const assistant = await this.find(id);
    this.apply(assistant, fields);
    await this.deps.em.flush();
    return { assistant: assistantPayload(assistant, this.deps.baseUrl()), changed: Object.keys(fields) };
  }

  async list(paging: Paging) {
    const [rows, count] = await this.deps.em.findAndCount(DocqaAssistant, {}, { orderBy: { id: 'asc' }, ...paging });
    const base = this.deps.baseUrl();
    return { assistants: rows.map((a) => assistantPayload(a, base)), count };
  }

  async get(id: number) {
    const assistant = await this.find(id);
    return { assistant: assistantPayload(assistant, this.deps.baseUrl()), ...(await this.files(assistant)) };
  }

  /** The assistant, its files with their text and chunks, its sessions and their messages; stored files stay in storage. */
  async delete(id: number) {
    const { em } = this.deps;
    const assistant = await this.find(id);
    const files = await em.find(DocqaFile, { assistantId: id });
    for (const file of files) await this.deps.knowledgeDocumentsService.delete(file.documentId, collectionOf(id));
    await em.nativeDelete(DocqaFile, { assistantId: id });
    await em.execute(
      `delete from widget_messages where session_id in (select id from widget_sessions where shop_id = ? and assistant_id = ?)`,
      [this.deps.shop.id, id],
    );
    await em.nativeDelete(WidgetSession, { assistantId: id });
    await em.removeAndFlush(assistant);
    return { deleted: true, id, files_deleted: files.length };
  }

  async addFile(assistantId: number, fields: FileFields) {
    const { em } = this.deps;
    await this.find(assistantId);
    const fromFile = fields.storage_file_id !== undefined;
    if (fromFile === (fields.text !== undefined))
      throw invalidArguments('Give either storage_file_id (a stored file) or text (with name), not both.', [
        { path: 'storage_file_id', message: 'exactly one of storage_file_id, text' },
      ]);
    if (!fromFile && !fields.name?.trim())
      throw invalidArguments('A text needs a name (what citations call it).', [
        { path: 'name', message: 'required with text' },
      ]);
    if (fromFile && fields.format)
      throw invalidArguments('format describes a text; a stored file’s format comes from its type.', [
        { path: 'format', message: 'only with text' },
      ]);
    const count = await em.count(DocqaFile, { assistantId });
    if (count >= FILES_MAX)
      throw new ToolError(
        'docqa_file_limit_reached',
        `The assistant has ${count} files, the most it may have; remove one first.`,
        { current_count: count, max_allowed: FILES_MAX },
      );
    const { document } = await this.deps.knowledgeDocumentsService.add({
      collection: collectionOf(assistantId),
      ...(fromFile
        ? { file_id: fields.storage_file_id, ...(fields.name && { title: fields.name }) }
        : { content: fields.text, title: fields.name, format: fields.format ?? 'text' }),
    });
    const file = em.create(DocqaFile, {
      assistantId,
      documentId: document.id,
      fileId: fields.storage_file_id ?? null,
      name: document.title,
    } as DocqaFile);
    await em.flush();
    return { file: (await this.statusOf([file]))[0]! };
  }

  async removeFile(assistantId: number, fileId: number) {
    const { em } = this.deps;
    await this.find(assistantId);
    const file = await em.findOne(DocqaFile, { id: fileId, assistantId });
    if (!file) throw notFound('docqa file', fileId);
    await this.deps.knowledgeDocumentsService.delete(file.documentId, collectionOf(assistantId));
    await em.removeAndFlush(file);
    return { removed: true, file_id: fileId };
  }

  async fileStatus(assistantId: number) {
    return this.files(await this.find(assistantId));
  }

  async find(id: number): Promise<DocqaAssistant> {
    const assistant = await this.deps.em.findOne(DocqaAssistant, { id });
    if (!assistant) throw notFound('docqa assistant', id);
    return assistant;
  }

  private async files(assistant: DocqaAssistant) {
    const files = await this.statusOf(
      await this.deps.em.find(DocqaFile, { assistantId: assistant.id }, { orderBy: { id: 'asc' } }),
    );
    return {
      files,
      ready:
        files.length > 0 &&
        files.every((f) => f.status === 'ready' || f.status === 'failed') &&
        files.some((f) => f.status === 'ready'),
    };
  }

  private async statusOf(files: DocqaFile[]) {
    if (files.length === 0) return [];
    const documents = await this.deps.knowledgeDocumentsService.inCollection(collectionOf(files[0]!.assistantId));
    const byId = new Map(documents.map((d) => [d.id, d]));
    return files.map((f) => fileStatus(f, byId.get(f.documentId)));
  }

  private apply(assistant: DocqaAssistant, fields: AssistantFields) {
    if (fields.display_name !== undefined) {
      const name = fields.display_name.trim();
      if (!name) throw invalidArguments('display_name is blank.', [{ path: 'display_name', message: 'blank' }]);
      assistant.displayName = name;
    }
    if (fields.prompt !== undefined) assistant.prompt = fields.prompt.trim() || null;
    if (fields.is_enabled !== undefined) assistant.isEnabled = fields.is_enabled;
    if (fields.language_mode || fields.language_fixed !== undefined || fields.language_available) {
      const languages = settleLanguages(
        {
          mode: assistant.languageMode as LanguageMode,
          fixed: assistant.languageFixed ?? null,
          available: assistant.languageAvailable,
        },
        fields,
      );
      assistant.languageMode = languages.mode;
      assistant.languageFixed = languages.fixed;
      assistant.languageAvailable = languages.available;
    }
    if (fields.language_show_selector !== undefined) assistant.languageShowSelector = fields.language_show_selector;
    if (fields.rate_limit_per_session !== undefined) assistant.rateLimitPerSession = fields.rate_limit_per_session;
    if (fields.rate_limit_window_minutes !== undefined)
      assistant.rateLimitWindowMinutes = fields.rate_limit_window_minutes;
    if (fields.allowed_domains) assistant.allowedDomains = normalizeDomains(fields.allowed_domains, 'allowed_domains');
    if (fields.config_design)
      assistant.configDesign = mergeObject(assistant.configDesign, fields.config_design, 'config_design');
    if (fields.config_texts)
      assistant.configTexts = mergeObject(assistant.configTexts, fields.config_texts, 'config_texts');
  }
}
