import { randomBytes } from 'node:crypto';
import { ToolError } from '../../../../core/index.js';
import type { NetworkTemplate } from '../channel-port.js';
import type { HttpAnswer, OpenedHttpRequest, OpenHttp } from '../guarded-open.js';
import type { Opened } from '../opened.js';

/**
 * A small client of Meta's Graph API for the WhatsApp Cloud API: the endpoints a line needs, with
 * our base URL, the Graph version pinned in the path, a deadline per request and the Bearer token.
 * No SDK: about six endpoints, and their failures are ours to classify (graph-errors.ts).
 */

export type GraphFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | Uint8Array; signal: AbortSignal },
) => Promise<HttpAnswer>;

/** A message on its way (opened.ts): nothing the network can act on until `complete()`. */
export type OpenedMessage = Opened<SentMessage>;

export interface GraphClientOptions {
  /** e.g. https://graph.facebook.com (no version). */
  baseUrl: string;
  /** The Graph version every path starts with, e.g. v23.0. */
  version: string;
  token: string;
  timeoutMs: number;
  fetch: GraphFetch;
  open: OpenHttp;
}

/** Graph's error object (`{"error":{…}}`), as the network sent it. */
export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_data?: { messaging_product?: string; details?: string };
  fbtrace_id?: string;
}

/**
 * A failed Graph request. `graph`: Meta answered with its error object; `unreachable`: the request
 * never left (refused connection, unknown host, an address the guard refused); `timeout` and
 * `protocol` (an answer that is not Graph's): Meta may or may not have acted on it.
 */
export class GraphError extends Error {
  override name = 'GraphError';
  constructor(
    readonly kind: 'graph' | 'unreachable' | 'timeout' | 'protocol',
    message: string,
    readonly httpStatus: number | null = null,
    readonly body: GraphErrorBody | null = null,
  ) {
    super(message);
  }

  /** Whether the request may have taken effect: nothing is known after a timeout or a broken answer. */
  get outcome(): 'not_sent' | 'unknown' {
    return this.kind === 'graph' || this.kind === 'unreachable' ? 'not_sent' : 'unknown';
  }
}

export interface SentMessage {
  /** `wamid.…` */
  id: string;
  waId: string | null;
}

export interface PhoneNumber {
  id: string;
  display_phone_number: string;
  verified_name?: string;
  quality_rating?: string;
}

export interface MediaInfo {
  url: string;
  mime_type: string;
  sha256?: string;
  file_size?: number | string;
  id: string;
}

/** Causes of a failed connection that prove the request was never sent. */
const NOT_SENT_CAUSES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH']);

const TEMPLATE_FIELDS = 'id,name,language,status,category,parameter_format,components,rejected_reason';

export class GraphClient {
  private readonly root: string;

  constructor(private readonly options: GraphClientOptions) {
    this.root = `${options.baseUrl.replace(/\/$/, '')}/${options.version}`;
  }

  /**
   * POST /{phone_number_id}/messages in two steps: connected and written but for the last byte,
   * then completed (answering the network's id for the message) or abandoned. A failure to open
   * never reached the network (`unreachable`).
   */
  async openMessage(phoneNumberId: string, body: Record<string, unknown>): Promise<OpenedMessage> {
    const path = `/${enc(phoneNumberId)}/messages`;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let opened: OpenedHttpRequest;
    try {
      opened = await this.options.open(`${this.root}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (err) {
      throw new GraphError('unreachable', `the Graph API cannot be reached (${causeOf(err)})`);
    }
    return {
      complete: () => opened.complete(),
      answer: async () => {
        const res = await this.answer<{ messages?: { id?: string }[]; contacts?: { wa_id?: string }[] }>(
          await this.requested('POST', () => opened.answer()),
          'POST',
          path,
        );
        const id = res.messages?.[0]?.id;
        if (typeof id !== 'string' || id === '')
          throw new GraphError('protocol', 'the messages endpoint answered without a message id');
        return { id, waId: res.contacts?.[0]?.wa_id ?? null };
      },
      abandon: () => opened.abandon(),
    };
  }

  /** GET /{phone_number_id}: the registered number, as the WABA shows it. */
  phoneNumber(phoneNumberId: string): Promise<PhoneNumber> {
    return this.json('GET', `/${enc(phoneNumberId)}?fields=display_phone_number,verified_name,quality_rating`);
  }

  /** GET /{waba_id}/phone_numbers: the account's numbers (also proves the token reaches the account). */
  async phoneNumbers(wabaId: string): Promise<PhoneNumber[]> {
    const out: PhoneNumber[] = [];
    for await (const page of this.pages<PhoneNumber>(
      `/${enc(wabaId)}/phone_numbers?fields=display_phone_number,verified_name,quality_rating&limit=100`,
    ))
      out.push(...page);
    return out;
  }

  /** GET /{waba_id}/message_templates, every page (cursor `after` on our own base URL). */
  async templates(wabaId: string): Promise<NetworkTemplate[]> {
    const out: NetworkTemplate[] = [];
    for await (const page of this.pages<NetworkTemplate>(
      `/${enc(wabaId)}/message_templates?fields=${TEMPLATE_FIELDS}&limit=100`,
    ))
      out.push(...page);
    return out;
  }

  /** POST /{phone_number_id}/media (multipart): the media id to send by. */
  async uploadMedia(phoneNumberId: string, bytes: Buffer, mimeType: string, filename: string): Promise<string> {
    const form = multipart([
      { name: 'messaging_product', value: 'whatsapp' },
      { name: 'type', value: mimeType },
      { name: 'file', value: bytes, filename, contentType: mimeType },
    ]);
    const res = await this.json<{ id?: string }>('POST', `/${enc(phoneNumberId)}/media`, form);
    if (typeof res.id !== 'string') throw new GraphError('protocol', 'the media endpoint answered without an id');
    return res.id;
  }

  /** GET /{media_id}: a short-lived URL (about 5 minutes) that itself needs the token. */
  media(mediaId: string): Promise<MediaInfo> {
    return this.json('GET', `/${enc(mediaId)}`);
  }

  /** The media's bytes from the URL media() gave, with the token; refused past maxBytes. */
  async download(url: string, maxBytes: number): Promise<{ bytes: Buffer; mimeType: string | null }> {
    const response = await this.request('GET', url);
    if (!response.ok) throw await this.failure(response, 'GET media');
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > maxBytes) throw new GraphError('protocol', `the media is ${length} bytes, more than ${maxBytes}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > maxBytes)
      throw new GraphError('protocol', `the media is ${bytes.length} bytes, more than ${maxBytes}`);
    return { bytes, mimeType: response.headers.get('content-type') };
  }

  private async *pages<T>(first: string): AsyncGenerator<T[]> {
    let path: string | null = first;
    while (path) {
      const res: { data?: T[]; paging?: { cursors?: { after?: string }; next?: string } } = await this.json(
        'GET',
        path,
      );
      yield res.data ?? [];
      const after = res.paging?.next ? res.paging.cursors?.after : undefined;
      path = after ? `${first}&after=${encodeURIComponent(after)}` : null;
    }
  }

  private async json<T>(method: string, path: string, body?: string | Multipart): Promise<T> {
    return this.answer(await this.request(method, `${this.root}${path}`, body), method, path);
  }

  private async answer<T>(response: HttpAnswer, method: string, path: string): Promise<T> {
    if (!response.ok) throw await this.failure(response, `${method} ${path.split('?')[0]}`);
    const text = await this.read(response, method, path);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new GraphError(
        'protocol',
        `${method} ${path.split('?')[0]} answered a body that is not JSON`,
        response.status,
      );
    }
  }

  private request(method: string, url: string, body?: string | Multipart): Promise<HttpAnswer> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.token}` };
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    else if (body) headers['content-type'] = body.contentType;
    return this.requested(method, () =>
      this.options.fetch(url, {
        method,
        headers,
        ...(body !== undefined && { body: typeof body === 'string' ? body : body.bytes }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      }),
    );
  }

  /** A request's failure to answer, classified by what it proves about the request. */
  private async requested(method: string, request: () => Promise<HttpAnswer>): Promise<HttpAnswer> {
    try {
      return await request();
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new GraphError('timeout', `the Graph API did not answer ${method} within ${this.options.timeoutMs} ms`);
      const cause = codeOf(err);
      if (cause !== undefined && NOT_SENT_CAUSES.has(cause))
        throw new GraphError('unreachable', `the Graph API cannot be reached (${cause})`);
      // A refusal of the network guard never left either; it is a ToolError with its own reason.
      if (err instanceof ToolError && err.code === 'url_not_allowed') throw new GraphError('unreachable', err.message);
      throw new GraphError('protocol', `the request to the Graph API broke off: ${cause ?? (err as Error).message}`);
    }
  }

  private async read(response: HttpAnswer, method: string, path: string): Promise<string> {
    try {
      return await response.text();
    } catch (err) {
      const timedOut = ['TimeoutError', 'AbortError'].includes((err as Error).name);
      throw new GraphError(
        timedOut ? 'timeout' : 'protocol',
        `the answer to ${method} ${path.split('?')[0]} broke off`,
        response.status,
      );
    }
  }

  private async failure(response: HttpAnswer, what: string): Promise<GraphError> {
    const text = await response.text().catch(() => '');
    let body: GraphErrorBody | null = null;
    try {
      const parsed = JSON.parse(text) as { error?: GraphErrorBody };
      if (parsed && typeof parsed.error === 'object' && parsed.error !== null) body = parsed.error;
    } catch {
      // Not Graph's error object: a proxy or load balancer answered.
    }
    if (!body)
      return new GraphError(
        'protocol',
        `${what} answered HTTP ${response.status} without a Graph error`,
        response.status,
      );
    return new GraphError('graph', body.message ?? `${what} answered HTTP ${response.status}`, response.status, body);
  }
}

const enc = encodeURIComponent;

const codeOf = (err: unknown): string | undefined =>
  (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;

const causeOf = (err: unknown): string =>
  err instanceof ToolError ? err.message : (codeOf(err) ?? (err as Error).message);

interface Multipart {
  contentType: string;
  bytes: Uint8Array;
}

/**
 * A multipart/form-data body, encoded here: a FormData object is tied to the fetch implementation
 * that made it (Node's own, or the network guard's undici), and the client must work with either.
 */
function multipart(
  parts: { name: string; value: string | Buffer; filename?: string; contentType?: string }[],
): Multipart {
  const boundary = `----switchboard${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename.replace(/["\r\n]/g, '_')}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      typeof part.value === 'string' ? Buffer.from(part.value) : part.value,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, bytes: new Uint8Array(Buffer.concat(chunks)) };
}
