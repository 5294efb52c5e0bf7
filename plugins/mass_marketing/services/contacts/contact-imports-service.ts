import {
  groupNotEnabled,
  invalidArguments,
  notFound,
  pageOf,
  type Paging,
  type ToolContext,
  type ServiceDeps,
} from '../../../../core/index.js';
import type { MassMarketingConfig } from '../../config.js';
import { ContactImport } from '../../entities/contact-import.entity.js';
import { ImportError } from '../../entities/import-error.entity.js';
import type { ContactList } from '../../entities/contact-list.entity.js';
import { allInvalid, countsPayload } from './contact-lists-service.js';
import { csvRows, countLines, textSlices } from './csv-source.js';
import type { RawRow, RowError } from './contact-rows.js';
import type { PipelineCounts } from './import-pipeline.js';
import {
  conversationsSource,
  crmSource,
  customersSource,
  inactiveSource,
  phonesSource,
  type SqlSource,
} from './import-sources.js';
import { countSqlSource, mergeSqlSource } from './sql-import.js';
import { transactionClient } from '../pg-client.js';
import { importPayload, listPayload } from '../payloads.js';
import type { ImportSource } from '../../entities/values.js';

/** What an import reads, rebuilt from its record when a job runs. */
type Plan = { rows: () => AsyncIterable<RawRow[]> | Iterable<RawRow[]> } | { sql: SqlSource };

/** A tool call's progress reporter (ToolContext.progress). */
type Progress = ToolContext['progress'];

export interface JobHooks {
  signal?: AbortSignal;
  onProgress?: (counts: PipelineCounts) => Promise<void>;
}

const FOLLOWUPS_MAX = 100_000;

/**
 * Imports into contact lists. Every import has a record (get_import_status). One of at most
 * `inlineImportMaxRows` rows runs inside the call and answers `completed` with its bad rows; a
 * larger one is queued for the import worker and answers `queued`. Either way the members, the
 * list's count and the `completed` status commit together, so a failed import leaves the list as
 * it was.
 */
export class MarketingContactImportsService {
  constructor(private readonly deps: ServiceDeps<MassMarketingConfig>) {}

  private get em() {
    return this.deps.em;
  }

  private get config() {
    return this.deps.config;
  }

  /** import_marketing_contacts with CSV text: phone and name columns, with or without a header. */
  async fromCsv(listId: number, csvText: string, hasHeader: boolean | undefined, progress?: Progress) {
    if (csvText.trim() === '')
      throw invalidArguments('csv_text is empty.', [{ path: 'csv_text', message: 'must not be blank' }]);
    return this.start(
      listId,
      'csv',
      hasHeader === undefined ? {} : { has_header: hasHeader },
      countLines(csvText),
      csvText,
      progress,
    );
  }

  /** import_contacts_manual: typed numbers, as one text (separated by lines, commas or semicolons) or a list. */
  async fromTypedNumbers(listId: number, numbers: string | string[], progress?: Progress) {
    const list = typeof numbers === 'string' ? numbers.split(/[\n\r,;]+/) : numbers;
    const typed = list.map((n) => n.trim()).filter((n) => n !== '');
    if (typed.length === 0)
      throw invalidArguments('numbers holds no phone number.', [{ path: 'numbers', message: 'holds no phone number' }]);
    return this.start(listId, 'manual', { numbers: typed }, typed.length, undefined, progress);
  }

  /** import_marketing_contacts from the shop's customers, optionally by tags. */
  async fromCustomers(listId: number, tags: string[], excludeTags: string[]) {
    return this.start(listId, 'customers', { tags, exclude_tags: excludeTags });
  }

  /** import_marketing_contacts from the CRM (optional crm group), optionally by stages and tags. */
  async fromCrm(listId: number, stages: string[], tags: string[], excludeTags: string[]) {
    this.requireGroup('crm', 'import from the CRM');
    return this.start(listId, 'crm', { stages, tags, exclude_tags: excludeTags });
  }

  async fromConversations(listId: number) {
    return this.start(listId, 'conversations', {});
  }

  /** create_list_from_inactive: a new list of the customers with no contact in `days` days. */
  async listFromInactive(days: number, name: string) {
    const list = await this.deps.marketingContactListsService.createList(
      name,
      `Customers with no contact in ${days} days`,
    );
    return this.start(list.id, 'inactive', { days });
  }

  /**
   * create_list_from_followup: a new list of the customers with a follow-up queued by the tickets
   * group (an optional dependency: without it the call is refused with group_not_enabled).
   */
  async listFromFollowups(name: string | undefined) {
    this.requireGroup('tickets', 'build a list from pending follow-ups');
    const followups = await this.deps.ticketResolutionsService.queuedFollowups(FOLLOWUPS_MAX);
    const phones = [...new Set(followups.map((f) => f.phone).filter((p): p is string => !!p))];
    const list = await this.deps.marketingContactListsService.createList(
      name ?? `Pending follow-ups ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
      'Customers with a pending ticket follow-up',
    );
    return this.start(list.id, 'followup', { phones });
  }

  /**
   * A CSV that arrives as a stream (an upload, a file), imported in the caller's transaction with a
   * record like any other import: rows are read, checked and merged chunk by chunk, so memory stays
   * bounded whatever the size. Bad rows are stored for get_import_status.
   */
  async fromCsvStream(
    listId: number,
    chunks: AsyncIterable<string> | Iterable<string>,
    hasHeader: boolean | undefined,
    hooks: JobHooks = {},
  ) {
    const list = await this.deps.marketingContactListsService.lock(listId);
    const record = this.em.create(ContactImport, {
      list,
      source: 'csv',
      params: hasHeader === undefined ? { streamed: true } : { streamed: true, has_header: hasHeader },
      csvText: null,
      status: 'running',
      startedAt: new Date(),
    } as unknown as ContactImport);
    await this.em.flush();
    const { counts } = await this.deps.marketingContactListsService.mergeRows(list, csvRows(chunks, hasHeader), {
      keepErrors: false,
      signal: hooks.signal,
      onProgress: hooks.onProgress,
      onErrors: this.errorStore(record.id),
    });
    return this.complete(record, list, counts);
  }

  async status(importId: number, paging: Paging) {
    const record = await this.em.findOne(ContactImport, { id: importId });
    if (!record) throw notFound('import', importId);
    const [errors, stored] = await this.em.findAndCount(
      ImportError,
      { import: record },
      { orderBy: { line: 'asc', id: 'asc' }, limit: paging.limit, offset: paging.offset },
    );
    return {
      import: importPayload(record),
      ...pageOf(
        'errors',
        errors.map((e) => ({ line: e.line, value: e.value, code: e.code, reason: e.reason })),
        stored,
        paging,
      ),
      errors_truncated: stored < record.invalidCount,
    };
  }

  /**
   * Runs a queued import the worker has claimed (status running, leased to `owner`), in the
   * caller's transaction. The final status is written only if the lease is still this worker's,
   * so an import taken over after an expired lease is never merged twice.
   */
  async runJob(importId: number, owner: string, hooks: JobHooks) {
    const record = await this.em.findOne(ContactImport, { id: importId }, { populate: ['csvText'] });
    if (!record || record.status !== 'running' || record.leaseOwner !== owner) return null;
    const list = await this.deps.marketingContactListsService.lock(record.list.id);
    const counts = await this.execute(record, list, hooks);
    const done = await this.em.execute(
      `update marketing_imports set status = 'completed', total_rows = ?, processed_rows = ?, added_count = ?, duplicate_count = ?, invalid_count = ?,
         csv_text = null, error = null, lease_owner = null, lease_until = null, finished_at = now(), updated_at = now()
       where id = ? and shop_id = ? and status = 'running' and lease_owner = ? returning id`,
      [
        counts.received,
        counts.received,
        counts.added,
        counts.duplicates,
        counts.invalid,
        record.id,
        this.deps.shop.id,
        owner,
      ],
    );
    if (done.length === 0) throw new Error(`import ${record.id} was taken over by another worker`);
    await this.deps.marketingContactListsService.recount(list, counts.added);
    return counts;
  }

  private async start(
    listId: number,
    source: ImportSource,
    params: Record<string, unknown>,
    rowEstimate?: number,
    csvText?: string,
    progress?: Progress,
  ) {
    const list = await this.deps.marketingContactListsService.lock(listId);
    const estimate =
      rowEstimate ??
      (await countSqlSource(await transactionClient(this.em), this.deps.shop.id, this.sqlSource(source, params)));
    const record = this.em.create(ContactImport, {
      list,
      source,
      params,
      csvText: csvText ?? null,
      status: estimate > this.config.inlineImportMaxRows ? 'queued' : 'running',
      totalRows: estimate,
    } as unknown as ContactImport);
    await this.em.flush();
    if (record.status === 'queued') {
      return {
        import: importPayload(record),
        list: listPayload(list),
        message: `Import ${record.id} of about ${estimate} rows is queued; poll get_import_status with import_id ${record.id} for its progress and bad rows.`,
      };
    }
    record.startedAt = new Date();
    const errors: RowError[] = [];
    // An import done inside the call tells a client that asked how far it is, chunk by chunk.
    const onProgress =
      progress && (async (c: PipelineCounts) => progress(c.received, estimate, `${c.received} of ${estimate} rows`));
    const counts = await this.execute(record, list, { onProgress }, errors);
    if (counts.received > 0 && counts.invalid === counts.received) {
      throw allInvalid(errors, (line) => (source === 'manual' ? `numbers.${line}` : `csv_text.line ${line}`));
    }
    return {
      ...(await this.complete(record, list, counts)),
      invalid: errors.map((e) => ({
        [source === 'manual' ? 'index' : 'line']: e.line,
        value: e.value,
        code: e.code,
        reason: e.reason,
      })),
    };
  }

  private async complete(record: ContactImport, list: ContactList, counts: PipelineCounts) {
    Object.assign(record, {
      status: 'completed',
      totalRows: counts.received,
      processedRows: counts.received,
      addedCount: counts.added,
      duplicateCount: counts.duplicates,
      invalidCount: counts.invalid,
      csvText: null,
      finishedAt: new Date(),
    });
    await this.em.flush();
    const updated = await this.deps.marketingContactListsService.recount(list, counts.added);
    return { import: importPayload(record), list: listPayload(updated), ...countsPayload(counts) };
  }

  /** The import's rows into the list; bad rows are stored (up to the configured number) and, when asked, collected. */
  private async execute(
    record: ContactImport,
    list: ContactList,
    hooks: JobHooks,
    collect?: RowError[],
  ): Promise<PipelineCounts> {
    const plan = this.plan(record);
    if ('sql' in plan) return mergeSqlSource(await transactionClient(this.em), this.deps.shop.id, list.id, plan.sql);
    const store = this.errorStore(record.id);
    const { counts } = await this.deps.marketingContactListsService.mergeRows(list, plan.rows(), {
      keepErrors: false,
      signal: hooks.signal,
      onProgress: hooks.onProgress,
      onErrors: async (errors) => {
        collect?.push(...errors);
        await store(errors);
      },
    });
    return counts;
  }

  /** An import's bad rows as they come, stored up to maxStoredImportErrors (get_import_status counts them all). */
  private errorStore(importId: number): (errors: RowError[]) => Promise<void> {
    let stored = 0;
    return async (errors) => {
      const keep = errors.slice(0, Math.max(0, this.config.maxStoredImportErrors - stored));
      stored += keep.length;
      if (keep.length) await this.storeErrors(importId, keep);
    };
  }

  private async storeErrors(importId: number, errors: RowError[]) {
    const client = await transactionClient(this.em);
    await client.query(
      `insert into marketing_import_errors (shop_id, import_id, line, value, code, reason)
       select $1, $2, line, value, code, reason from unnest($3::int[], $4::text[], $5::text[], $6::text[]) as e(line, value, code, reason)`,
      [
        this.deps.shop.id,
        importId,
        errors.map((e) => e.line),
        errors.map((e) => e.value),
        errors.map((e) => e.code),
        errors.map((e) => e.reason),
      ],
    );
  }

  private plan(record: ContactImport): Plan {
    const params = record.params;
    if (record.source === 'csv') {
      const text = record.csvText ?? '';
      return { rows: () => csvRows(textSlices(text), params.has_header as boolean | undefined) };
    }
    if (record.source === 'manual') {
      const numbers = params.numbers as string[];
      return { rows: () => [numbers.map((phone, index) => ({ line: index, phone }))] };
    }
    return { sql: this.sqlSource(record.source, params) };
  }

  private sqlSource(source: ImportSource, params: Record<string, unknown>): SqlSource {
    const tags = { tags: (params.tags ?? []) as string[], excludeTags: (params.exclude_tags ?? []) as string[] };
    switch (source) {
      case 'customers':
        return customersSource(tags);
      case 'crm':
        return crmSource((params.stages ?? []) as string[], tags);
      case 'conversations':
        return conversationsSource();
      case 'inactive':
        return inactiveSource(params.days as number);
      case 'followup':
        return phonesSource(params.phones as string[]);
      default:
        throw new Error(`import source ${source} is not read from the database`);
    }
  }

  private requireGroup(group: string, what: string) {
    if (!this.deps.kernelCatalog.names().includes(group)) {
      throw groupNotEnabled(group, `Cannot ${what}: the ${group} group is not enabled on this server.`);
    }
  }
}
