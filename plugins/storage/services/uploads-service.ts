import { createHash } from 'node:crypto';
import type { StorageConfig } from '../config.js';
import {
  invalidArguments,
  invalidState,
  notFound,
  ToolError,
  type EntityManager,
  type Services,
  type ServiceDeps,
} from '../../../core/index.js';
import { StoredFile } from '../entities/stored-file.entity.js';
import type { Purpose } from '../entities/values.js';
import { checkContent, checkDeclared, sniff } from './content-check.js';
import { filePayload } from './file-payload.js';
import { uploadUrl } from './file-links.js';
import { purposeMax } from './purposes.js';

const MINUTE = 60_000;

const filenameOf = (raw: string) => {
  // A name, not a path: the last segment, without control characters.
  // eslint-disable-next-line no-control-regex -- removing control characters
  const name = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!name) throw invalidArguments('filename must name a file.', [{ path: 'filename', message: 'empty' }]);
  return name.slice(0, 200);
};

/**
 * Bytes into the shop's storage, by three ways in — an upload URL, base64 in the call, or a URL to
 * fetch — all through one check: the type the purpose takes, the size limit, the bytes' real type,
 * the quota, and the SHA-256 that stores equal contents once.
 */
export class StorageUploadsService {
  constructor(private readonly deps: ServiceDeps<StorageConfig>) {}

  private get em(): EntityManager {
    return this.deps.em;
  }

  async createUploadUrl(input: { filename: string; content_type: string; size_bytes: number; purpose: Purpose }) {
    const contentType = checkDeclared(input.purpose, input.content_type, input.size_bytes);
    await this.assertQuota(input.size_bytes);
    const file = this.em.create(StoredFile, {
      filename: filenameOf(input.filename),
      purpose: input.purpose,
      contentType,
      sizeBytes: input.size_bytes,
      status: 'pending',
      tags: [],
    } as unknown as StoredFile);
    await this.em.flush();
    const expires = new Date(Date.now() + this.deps.config.uploadUrlMinutes * MINUTE);
    return {
      file: filePayload(file),
      upload_url: uploadUrl(this.deps.baseUrl(), this.deps.secrets, file, expires),
      method: 'PUT' as const,
      expires_at: expires.toISOString(),
      max_bytes: input.size_bytes,
    };
  }

  async uploadBase64(input: { filename: string; content_base64: string; purpose: Purpose; content_type?: string }) {
    const body = Buffer.from(input.content_base64, 'base64');
    if (body.length > this.deps.config.maxBase64Bytes)
      throw new ToolError(
        'file_too_large',
        `upload_file_base64 takes at most ${this.deps.config.maxBase64Bytes} bytes; use create_upload_url for larger files.`,
        { max_bytes: this.deps.config.maxBase64Bytes, size_bytes: body.length },
      );
    if (body.toString('base64').replace(/=+$/, '') !== input.content_base64.replace(/\s/g, '').replace(/=+$/, ''))
      throw invalidArguments('content_base64 is not valid base64.', [
        { path: 'content_base64', message: 'not base64' },
      ]);
    const declared = input.content_type ?? (await this.sniffedOrAsk(body));
    return this.store(filenameOf(input.filename), input.purpose, declared, body);
  }

  /** Fetched through the network guard (no private addresses, redirects re-checked), at most the purpose's limit. */
  async importFromUrl(input: { url: string; purpose: Purpose; filename?: string }) {
    const response = await this.deps.networkGuard
      .fetch(input.url)
      .catch((err: Error & { cause?: { code?: string } }) => {
        if (err instanceof ToolError) throw err;
        // A host that does not resolve or answer is the URL's failure, not a refusal and not ours.
        const why = err.cause?.code ?? err.message;
        throw new ToolError('fetch_failed', `The URL could not be reached (${why}).`, { http_status: null });
      });
    if (!response.ok)
      throw new ToolError('fetch_failed', `The URL answered HTTP ${response.status}.`, {
        http_status: response.status,
      });
    const max = purposeMax(input.purpose);
    const body = await readCapped(response, max);
    const header = response.headers.get('content-type');
    const declared = header && !header.startsWith('application/octet-stream') ? header : await this.sniffedOrAsk(body);
    const name = input.filename ?? decodeURIComponent(new URL(input.url).pathname.split('/').pop() || 'download');
    return this.store(filenameOf(name), input.purpose, declared, body);
  }

  /**
   * For other groups: bytes they fetched themselves (a messaging network's inbound media, which
   * only the network's token can download), through the same checks as every way in.
   */
  async storeBytes(input: { filename: string; purpose: Purpose; contentType: string; body: Buffer }) {
    return this.store(filenameOf(input.filename), input.purpose, input.contentType, input.body);
  }

  /** The bytes PUT to an upload URL: they must be the declared type and no larger than declared. */
  async receiveUpload(fileId: number, body: Buffer) {
    const file = await this.em.findOne(StoredFile, { id: fileId });
    if (!file) throw notFound('file', fileId);
    if (file.status !== 'pending')
      throw invalidState('The file was uploaded already.', { current_status: file.status });
    if (body.length > Number(file.sizeBytes))
      throw new ToolError('file_too_large', `The upload is ${body.length} bytes; ${file.sizeBytes} were declared.`, {
        max_bytes: Number(file.sizeBytes),
        size_bytes: body.length,
      });
    return this.fill(file, file.contentType, body);
  }

  private async store(filename: string, purpose: Purpose, declared: string, body: Buffer) {
    const file = this.em.create(StoredFile, {
      filename,
      purpose,
      contentType: declared,
      sizeBytes: body.length,
      status: 'pending',
      tags: [],
    } as unknown as StoredFile);
    return this.fill(file, declared, body);
  }

  private async fill(file: StoredFile, declared: string, body: Buffer) {
    const contentType = await checkContent(file.purpose, declared, body);
    const sha256 = createHash('sha256').update(body).digest('hex');
    const twin = await this.em.findOne(StoredFile, { sha256, status: 'ready' });
    if (!twin) await this.assertQuota(body.length);
    const key = `${this.deps.shop.id}/${sha256}`;
    // Taking a released key back: the deleting job skips (or waits for) this row until we commit.
    await this.em.execute('delete from storage_released_keys where shop_id = ? and storage_key = ?', [
      this.deps.shop.id,
      key,
    ]);
    if (!twin) await this.deps.storagePort.put(key, body, contentType);
    Object.assign(file, { contentType, sizeBytes: body.length, sha256, storageKey: key, status: 'ready' });
    await this.em.flush();
    return { file: filePayload(file), deduplicated: twin !== null };
  }

  private async sniffedOrAsk(body: Buffer): Promise<string> {
    const sniffed = await sniff(body);
    if (!sniffed)
      throw invalidArguments('The type cannot be told from the bytes: give content_type (e.g. text/plain).', [
        { path: 'content_type', message: 'required for this file' },
      ]);
    return sniffed.mime;
  }

  /** Distinct contents count once; a new content must fit in what is left. */
  private async assertQuota(bytes: number): Promise<void> {
    const quota = this.deps.config.quotaBytes;
    if (quota === 0) return;
    const used = await this.deps.storageFilesService.usedBytes();
    if (used + bytes > quota)
      throw new ToolError(
        'quota_exceeded',
        `The shop has ${quota - used} bytes of storage left; this needs ${bytes}.`,
        {
          quota_bytes: quota,
          used_bytes: used,
          size_bytes: bytes,
        },
      );
  }
}

type Fetched = Awaited<ReturnType<Services['networkGuard']['fetch']>>;

async function readCapped(response: Fetched, max: number): Promise<Buffer> {
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > max) {
    await response.body?.cancel();
    throw new ToolError('file_too_large', `The file is ${length} bytes; the purpose takes at most ${max}.`, {
      max_bytes: max,
      size_bytes: length,
    });
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > max) {
      await response.body?.cancel().catch(() => undefined);
      throw new ToolError('file_too_large', `The file is larger than the ${max} bytes the purpose takes.`, {
        max_bytes: max,
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
