import { ChannelError } from '../channel-error.js';
import type { OpenHttp } from '../guarded-open.js';
import { ProviderHttp, type OpenedProviderSend, type ProviderFetch } from '../provider-http.js';
import { evolutionRefusal } from './evolution-errors.js';

/** An instance's connection state: open (paired and online), connecting (showing QRs), close. */
export type EvolutionState = 'open' | 'connecting' | 'close' | 'refused';

/** The QR of an instance that is pairing: `base64` is a data URL, `code` its payload. */
export interface EvolutionQr {
  pairingCode?: string | null;
  code?: string | null;
  base64?: string | null;
  count?: number;
}

export interface EvolutionInstance {
  name: string;
  connectionStatus: EvolutionState;
  /** `<digits>@s.whatsapp.net` once paired. */
  ownerJid?: string | null;
}

export interface EvolutionWebhook {
  enabled: true;
  url: string;
  byEvents: false;
  base64: false;
  events: string[];
}

export type EvolutionSend =
  | { kind: 'text'; number: string; text: string }
  | {
      kind: 'media';
      number: string;
      mediatype: 'image' | 'video' | 'audio' | 'document';
      mimetype: string;
      media: string;
      caption?: string;
      fileName?: string;
    };

const enc = encodeURIComponent;

/**
 * A client of Evolution API's HTTP API (EvolutionAPI/evolution-api, v2): instances, their QR and
 * pairing code, connection states and sends. Every request carries the global key as `apikey`.
 */
export class EvolutionClient {
  private readonly http: ProviderHttp;

  constructor(options: { baseUrl: string; apiKey: string; timeoutMs: number; fetch: ProviderFetch; open: OpenHttp }) {
    this.http = new ProviderHttp({
      baseUrl: options.baseUrl,
      service: 'Evolution API',
      auth: { header: 'apikey', value: options.apiKey },
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
      open: options.open,
      refusal: evolutionRefusal,
    });
  }

  /** Every instance (it also proves the global key). */
  instances(): Promise<EvolutionInstance[]> {
    return this.http.json('GET', '/instance/fetchInstances');
  }

  async instance(name: string): Promise<EvolutionInstance> {
    const [found] = await this.http.json<EvolutionInstance[]>(
      'GET',
      `/instance/fetchInstances?instanceName=${enc(name)}`,
    );
    if (!found) throw new ChannelError('session_not_found', `Evolution API does not know the instance ${name}`);
    return found;
  }

  /** A Baileys instance with its own key (`token`) and our webhook; it starts showing QRs at once. */
  async create(name: string, token: string, webhook: EvolutionWebhook): Promise<EvolutionQr | null> {
    const res = await this.http.json<{ qrcode?: EvolutionQr | null }>('POST', '/instance/create', {
      instanceName: name,
      token,
      qrcode: true,
      integration: 'WHATSAPP-BAILEYS',
      webhook,
    });
    return res.qrcode ?? null;
  }

  /** Connects a closed instance; the QR (or, with `number`, a pairing code too), or null once open. */
  async connect(name: string, numberDigits?: string): Promise<EvolutionQr | null> {
    const res = await this.http.json<EvolutionQr & { instance?: { state?: string } }>(
      'GET',
      `/instance/connect/${enc(name)}${numberDigits ? `?number=${numberDigits}` : ''}`,
    );
    return res.instance?.state === 'open' ? null : res;
  }

  async logout(name: string): Promise<void> {
    await this.http.call('DELETE', `/instance/logout/${enc(name)}`);
  }

  async remove(name: string): Promise<void> {
    await this.http.call('DELETE', `/instance/delete/${enc(name)}`);
  }

  /**
   * One message's request, opened (nothing Evolution API can act on yet); its send answers the
   * message's id (its key id), which the status updates carry.
   */
  async openSend(name: string, message: EvolutionSend): Promise<OpenedProviderSend> {
    const { kind, ...body } = message;
    const path = kind === 'text' ? `/message/sendText/${enc(name)}` : `/message/sendMedia/${enc(name)}`;
    const opened = await this.http.openJson<{ key?: { id?: string } }>(path, body);
    return {
      complete: () => opened.complete(),
      answer: async () => {
        const id = (await opened.answer()).key?.id;
        if (typeof id !== 'string' || id === '')
          throw new ChannelError('channel_protocol_error', 'Evolution API answered the send without a message key', {
            outcome: 'unknown',
          });
        return id;
      },
      abandon: () => opened.abandon(),
    };
  }
}
