import { ChannelError } from '../channel-error.js';
import type { OpenHttp } from '../guarded-open.js';
import { ProviderHttp, type OpenedProviderSend, type ProviderFetch } from '../provider-http.js';
import { wahaRefusal } from './waha-errors.js';

/** WAHA's session statuses. */
export type WahaStatus = 'STOPPED' | 'STARTING' | 'SCAN_QR_CODE' | 'WORKING' | 'FAILED';

export interface WahaSession {
  name: string;
  status: WahaStatus;
  /** The paired account, once WORKING: `id` is `<digits>@c.us`. */
  me?: { id: string; pushName?: string } | null;
}

/** A webhook of a session, as WAHA's session config takes it. */
export interface WahaWebhookConfig {
  url: string;
  events: string[];
  hmac: { key: string };
  retries: { policy: 'exponential' | 'linear' | 'constant'; delaySeconds: number; attempts: number };
}

export interface WahaFile {
  url: string;
  mimetype: string;
  filename?: string;
}

export type WahaSend =
  | { kind: 'text'; chatId: string; text: string }
  | { kind: 'image' | 'video' | 'file'; chatId: string; file: WahaFile; caption?: string };

/** What a send answers, by engine: WEBJS `{ id: { _serialized } }`, NOWEB `{ key: { id, remoteJid, fromMe } }`, GOWS `{ id }`. */
interface SentAnswer {
  id?: string | { _serialized?: string };
  key?: { id?: string; remoteJid?: string; fromMe?: boolean };
}

const SEND_PATHS = { text: '/api/sendText', image: '/api/sendImage', video: '/api/sendVideo', file: '/api/sendFile' };

const enc = encodeURIComponent;

/**
 * A client of WAHA's HTTP API (devlikeapro/waha): sessions, the QR and the pairing code, and sends.
 * Every request carries `X-Api-Key`.
 */
export class WahaClient {
  private readonly http: ProviderHttp;

  constructor(options: { baseUrl: string; apiKey: string; timeoutMs: number; fetch: ProviderFetch; open: OpenHttp }) {
    this.http = new ProviderHttp({
      baseUrl: options.baseUrl,
      service: 'WAHA',
      auth: { header: 'x-api-key', value: options.apiKey },
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
      open: options.open,
      refusal: wahaRefusal,
    });
  }

  /** Every session, stopped ones too (it also proves the key). */
  sessions(): Promise<WahaSession[]> {
    return this.http.json('GET', '/api/sessions?all=true');
  }

  session(name: string): Promise<WahaSession> {
    return this.http.json('GET', `/api/sessions/${enc(name)}`);
  }

  /** Creates the session with its webhook and starts it. */
  create(name: string, webhook: WahaWebhookConfig): Promise<WahaSession> {
    return this.http.json('POST', '/api/sessions', { name, start: true, config: { webhooks: [webhook] } });
  }

  /** Replaces the session's config (its webhook), keeping it running if it was. */
  update(name: string, webhook: WahaWebhookConfig): Promise<WahaSession> {
    return this.http.json('PUT', `/api/sessions/${enc(name)}`, { config: { webhooks: [webhook] } });
  }

  start(name: string): Promise<WahaSession> {
    return this.http.json('POST', `/api/sessions/${enc(name)}/start`);
  }

  stop(name: string): Promise<WahaSession> {
    return this.http.json('POST', `/api/sessions/${enc(name)}/stop`);
  }

  logout(name: string): Promise<WahaSession> {
    return this.http.json('POST', `/api/sessions/${enc(name)}/logout`);
  }

  remove(name: string): Promise<void> {
    return this.http.call('DELETE', `/api/sessions/${enc(name)}`);
  }

  /** The QR to scan, as WAHA renders it (PNG). */
  async qrImage(name: string): Promise<Buffer> {
    const { bytes, contentType } = await this.http.bytes(`/api/${enc(name)}/auth/qr?format=image`, 'image/png');
    if (!contentType?.startsWith('image/png'))
      throw new ChannelError(
        'channel_protocol_error',
        `WAHA answered the QR with ${contentType ?? 'no type'}, not a PNG`,
      );
    return bytes;
  }

  /** The payload the QR encodes. */
  async qrRaw(name: string): Promise<string> {
    return (await this.http.json<{ value: string }>('GET', `/api/${enc(name)}/auth/qr?format=raw`)).value;
  }

  /** A code to type on the phone (Linked devices › Link with phone number) instead of scanning. */
  async requestCode(name: string, phoneDigits: string): Promise<string> {
    return (
      await this.http.json<{ code: string }>('POST', `/api/${enc(name)}/auth/request-code`, {
        phoneNumber: phoneDigits,
      })
    ).code;
  }

  /**
   * One message's request, opened (nothing WAHA can act on yet); its send answers WAHA's serialized
   * id (`true_<chat>_<id>`), which its acks carry.
   */
  async openSend(session: string, message: WahaSend): Promise<OpenedProviderSend> {
    const body =
      message.kind === 'text'
        ? { session, chatId: message.chatId, text: message.text }
        : {
            session,
            chatId: message.chatId,
            file: message.file,
            ...(message.caption !== undefined && { caption: message.caption }),
          };
    const opened = await this.http.openJson<SentAnswer>(SEND_PATHS[message.kind], body);
    return {
      complete: () => opened.complete(),
      answer: async () => {
        const id = serializedId(await opened.answer());
        if (!id)
          throw new ChannelError('channel_protocol_error', 'WAHA answered the send without a message id', {
            outcome: 'unknown',
          });
        return id;
      },
      abandon: () => opened.abandon(),
    };
  }
}

/** WAHA's message id for each engine's answer: `<fromMe>_<chat in @c.us form>_<id>`. */
export function serializedId(answer: SentAnswer): string | null {
  if (typeof answer.id === 'string' && answer.id !== '') return answer.id;
  if (answer.id && typeof answer.id === 'object' && typeof answer.id._serialized === 'string')
    return answer.id._serialized;
  const key = answer.key;
  if (key?.id && key.remoteJid)
    return `${key.fromMe ?? true}_${key.remoteJid.replace('@s.whatsapp.net', '@c.us')}_${key.id}`;
  return null;
}
