import { buffer } from 'node:stream/consumers';
import type { StorageConfig } from '../config.js';
import {
  invalidArguments,
  likeLiteral,
  notFound,
  pageOf,
  ToolError,
  type EntityManager,
  type Paging,
  type ServiceDeps,
} from '../../../core/index.js';
import { FileReference } from '../entities/file-reference.entity.js';
import { StoredFile } from '../entities/stored-file.entity.js';
import type { Purpose } from '../entities/values.js';
import { checkDeclared } from './content-check.js';
import { checkDownload, downloadUrl, type Disposition } from './file-links.js';
import { filePayload } from './file-payload.js';
import { ACTIVE_TYPES } from './purposes.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface FileFilters {
  purpose?: Purpose;
  content_type?: string;
  query?: string;
  linked?: boolean;
}

/** Who uses a file: a record of another group, named the way the tools name records. */
export interface FileOwner {
  group: string;
  type: string;
  id: string | number;
}

/**
 * The shop's files as records: list, read, sign links, rename, delete, usage, clean-up — and the
 * references other groups hold (`link`/`unlink`), which keep a used file from being deleted.
 */
export class StorageFilesService {
  constructor(private readonly deps: ServiceDeps<StorageConfig>) {}

  private get em(): EntityManager {
    return this.deps.em;
  }

  async list(filters: FileFilters, paging: Paging) {
    const linkedIds = filters.linked === undefined ? undefined : await this.linkedIds();
    const where = {
      ...(filters.purpose && { purpose: filters.purpose }),
      ...(filters.content_type && { contentType: { $like: `${likeLiteral(filters.content_type.toLowerCase())}%` } }),
      ...(filters.query && { filename: { $ilike: `%${likeLiteral(filters.query)}%` } }),
      ...(linkedIds && { id: filters.linked ? { $in: linkedIds } : { $nin: linkedIds } }),
    };
    const [files, count] = await this.em.findAndCount(StoredFile, where, {
      orderBy: { id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    const counts = await this.referenceCounts(files.map((f) => f.id));
    return pageOf(
      'files',
      files.map((f) => filePayload(f, counts.get(f.id) ?? 0)),
      count,
      paging,
    );
  }

  async get(id: number) {
    const file = await this.find(id);
    const references = await this.em.find(FileReference, { fileId: id }, { orderBy: { id: 'asc' } });
    return {
      file: filePayload(file, references.length),
      used_by: references.map((r) => ({ group: r.ownerGroup, type: r.ownerType, id: r.ownerId })),
    };
  }

  /** A link anyone can read the file with until it expires; pages and images of unknown risk download. */
  async url(id: number, minutes: number, disposition: Disposition) {
    const file = await this.ready(id);
    const expires = new Date(Date.now() + minutes * MINUTE);
    const d = ACTIVE_TYPES.has(file.contentType) ? 'attachment' : disposition;
    return {
      url: downloadUrl(this.deps.baseUrl(), this.deps.secrets, file, expires, d),
      expires_at: expires.toISOString(),
    };
  }

  async update(id: number, changes: { filename?: string; purpose?: Purpose; tags?: string[] }) {
    if (Object.keys(changes).length === 0) throw invalidArguments('Nothing to change: give filename, purpose or tags.');
    const file = await this.find(id);
    if (changes.filename !== undefined) {
      const name = changes.filename.trim();
      if (!name || /[\\/]/.test(name))
        throw invalidArguments('filename must be a name without slashes.', [{ path: 'filename', message: 'invalid' }]);
      file.filename = name;
    }
    if (changes.purpose && changes.purpose !== file.purpose) {
      checkDeclared(changes.purpose, file.contentType, Number(file.sizeBytes));
      file.purpose = changes.purpose;
    }
    if (changes.tags) file.tags = [...new Set(changes.tags.map((t) => t.trim()).filter(Boolean))];
    await this.em.flush();
    return filePayload(file, (await this.referenceCounts([id])).get(id) ?? 0);
  }

  async delete(id: number) {
    const file = await this.find(id);
    const references = await this.em.find(FileReference, { fileId: id });
    if (references.length > 0)
      throw new ToolError('conflict', `File ${id} is in use; remove it from these first.`, {
        used_by: references.map((r) => ({ group: r.ownerGroup, type: r.ownerType, id: r.ownerId })),
      });
    await this.remove([file]);
    return { deleted: true as const, id };
  }

  async usage() {
    const rows = await this.em.execute<{ purpose: string; files: number; bytes: string }[]>(
      `select purpose, count(*)::int as files, coalesce(sum(size_bytes), 0)::bigint as bytes
       from storage_files where shop_id = ? and status = 'ready' group by purpose order by purpose`,
      [this.deps.shop.id],
    );
    const quota = this.deps.config.quotaBytes;
    const used = await this.usedBytes();
    return {
      used_bytes: used,
      quota_bytes: quota === 0 ? null : quota,
      files: rows.reduce((n, r) => n + Number(r.files), 0),
      by_purpose: rows.map((r) => ({ purpose: r.purpose, files: Number(r.files), bytes: Number(r.bytes) })),
      adapter: this.deps.storagePort.kind,
    };
  }

  /** Bytes stored for the shop, each distinct content once. */
  async usedBytes(): Promise<number> {
    const [row] = await this.em.execute<{ used: string }[]>(
      `select coalesce(sum(size_bytes), 0)::bigint as used from (
         select distinct on (sha256) size_bytes from storage_files where shop_id = ? and status = 'ready') contents`,
      [this.deps.shop.id],
    );
    return Number(row!.used);
  }

  /** Files no record uses, older than the days given; listed only unless dry_run is false. */
  async cleanup(olderThanDays: number, purpose: Purpose | undefined, dryRun: boolean) {
    const linked = await this.linkedIds();
    const files = await this.em.find(
      StoredFile,
      {
        createdAt: { $lt: new Date(Date.now() - olderThanDays * DAY) },
        ...(purpose && { purpose }),
        ...(linked.length > 0 && { id: { $nin: linked } }),
      },
      { orderBy: { id: 'asc' }, limit: 1000 },
    );
    if (!dryRun) await this.remove(files);
    return {
      dry_run: dryRun,
      files: files.map((f) => filePayload(f)),
      count: files.length,
      bytes: files.reduce((n, f) => n + Number(f.sizeBytes), 0),
    };
  }

  /** For other groups: `owner` uses the file (a ready one of one of `purposes`). */
  async link(fileId: number, owner: FileOwner, purposes?: Purpose[]): Promise<StoredFile> {
    const file = await this.ready(fileId);
    if (purposes && !purposes.includes(file.purpose))
      throw invalidArguments(`File ${fileId} is stored for ${file.purpose}; this needs ${purposes.join(' or ')}.`);
    const row = { fileId, ownerGroup: owner.group, ownerType: owner.type, ownerId: String(owner.id) };
    if (!(await this.em.findOne(FileReference, row))) this.em.create(FileReference, row as FileReference);
    await this.em.flush();
    return file;
  }

  /** For other groups: `owner` no longer uses any file (or this one). */
  async unlink(owner: FileOwner, fileId?: number): Promise<void> {
    await this.em.nativeDelete(FileReference, {
      ownerGroup: owner.group,
      ownerType: owner.type,
      ownerId: String(owner.id),
      ...(fileId !== undefined && { fileId }),
    });
  }

  /**
   * For other groups: a fresh link to a file they hold, e.g. a campaign's media at send time. The
   * same `expires` gives the same link, so a sender that picks it per day keeps its messages' content
   * stable across retries.
   */
  async urlFor(fileId: number, expires: Date): Promise<{ url: string; contentType: string; filename: string }> {
    const file = await this.ready(fileId);
    return {
      url: downloadUrl(this.deps.baseUrl(), this.deps.secrets, file, expires, 'inline'),
      contentType: file.contentType,
      filename: file.filename,
    };
  }

  /** For other groups: a ready file's bytes, e.g. a document to index. */
  async read(fileId: number): Promise<{ file: StoredFile; bytes: Buffer }> {
    const file = await this.ready(fileId);
    return { file, bytes: await buffer(await this.deps.storagePort.get(file.storageKey!)) };
  }

  /**
   * For other groups: the file of this shop a link of this server points at (expired or not), or
   * null for any other URL — so a record can keep the file instead of a link that will expire.
   */
  async fileOfLink(raw: string): Promise<number | null> {
    const base = `${this.deps.baseUrl()}/files/`;
    if (!raw.startsWith(base)) return null;
    const url = new URL(raw);
    const id = /^\/files\/(\d{1,10})\//.exec(url.pathname)?.[1];
    if (!id) return null;
    const query = Object.fromEntries(url.searchParams);
    const check = checkDownload(this.deps.secrets, { id: Number(id), shopId: this.deps.shop.id }, query);
    return check === 'invalid' ? null : Number(id);
  }

  /** Rows first; then each content no other file of the shop still has. */
  private async remove(files: StoredFile[]): Promise<void> {
    if (files.length === 0) return;
    const keys = [...new Set(files.flatMap((f) => (f.storageKey ? [f.storageKey] : [])))];
    await this.em.nativeDelete(StoredFile, { id: { $in: files.map((f) => f.id) } });
    const kept = new Set(
      (await this.em.find(StoredFile, { storageKey: { $in: keys } }, { fields: ['storageKey'] })).map(
        (f) => f.storageKey,
      ),
    );
    const released = keys.filter((key) => !kept.has(key));
    if (released.length > 0)
      await this.em.execute(
        `insert into storage_released_keys (shop_id, storage_key, released_at)
         select ?, key, now() from jsonb_array_elements_text(?::jsonb) as key on conflict (shop_id, storage_key) do nothing`,
        [this.deps.shop.id, JSON.stringify(released)],
      );
  }

  private async linkedIds(): Promise<number[]> {
    const rows = await this.em.find(FileReference, {}, { fields: ['fileId'] });
    return [...new Set(rows.map((r) => r.fileId))];
  }

  private async referenceCounts(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.em.execute<{ file_id: number; n: number }[]>(
      `select file_id, count(*)::int as n from storage_file_references where shop_id = ? and file_id in (${ids.map(() => '?').join(', ')}) group by file_id`,
      [this.deps.shop.id, ...ids],
    );
    return new Map(rows.map((r) => [Number(r.file_id), Number(r.n)]));
  }

  private async find(id: number): Promise<StoredFile> {
    const file = await this.em.findOne(StoredFile, { id });
    if (!file) throw notFound('file', id);
    return file;
  }

  private async ready(id: number): Promise<StoredFile> {
    const file = await this.find(id);
    if (file.status !== 'ready')
      throw new ToolError('invalid_state', `File ${id} has not been uploaded yet.`, { current_status: file.status });
    return file;
  }
}
