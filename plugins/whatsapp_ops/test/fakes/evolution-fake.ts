import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import { HttpWebhookEmitter } from './http-webhook-emitter.js';

type State = 'open' | 'connecting' | 'close';

interface FakeInstance {
  id: string;
  name: string;
  token: string;
  state: State;
  webhook: { url?: string; events?: string[]; enabled?: boolean } | null;
  ownerJid: string | null;
  qr: { code: string; base64: string; count: number; pairingCode: string | null } | null;
}

export interface EvolutionSentMessage {
  id: string;
  instance: string;
  route: 'sendText' | 'sendMedia';
  /** E.164. */
  to: string;
  text: string | null;
  media: { mediatype: string; mimetype: string; media: string; fileName?: string } | null;
  caption: string | null;
}

export type StatusMode = 'ordered' | 'duplicated' | 'reordered' | 'none';

export interface EvolutionFakeOptions {
  apiKey: string;
  /** AUTHENTICATION_EXPOSE_IN_FETCH_INSTANCES: the instance's key is in every webhook body (else null). */
  exposeInstanceKey?: boolean;
}

const STATUS_NAMES = ['ERROR', 'PENDING', 'SERVER_ACK', 'DELIVERY_ACK', 'READ', 'PLAYED'];

/**
 * A local Evolution API (v2) for tests: instance create / connect / connectionState /
 * fetchInstances / logout / delete, the QR (base64 data URL and payload) and the pairing code,
 * sendText and sendMedia, the `apikey` header (the global key, or an instance's own on its routes)
 * with Evolution's verbatim error bodies, and the per-instance webhook: `connection.update`,
 * `messages.upsert`, `messages.update` as `{ event, instance, data, destination, date_time,
 * sender, server_url, apikey }`, unsigned, retried except on 400/401/403/404/422, statuses
 * possibly duplicated or reordered.
 */
export class EvolutionFake {
  url = '';
  readonly sent: EvolutionSentMessage[] = [];
  readonly requests: { method: string; path: string; status: number }[] = [];
  readonly emitter = new HttpWebhookEmitter([400, 401, 403, 404, 422]);
  statusMode: StatusMode = 'ordered';
  /** Numbers (digits) that are not on WhatsApp. */
  readonly notOnWhatsapp = new Set<string>();
  private readonly instances = new Map<string, FakeInstance>();
  private readonly app: FastifyInstance;

  constructor(private readonly options: EvolutionFakeOptions) {
    this.app = Fastify({ logger: false });
    this.app.addHook('onResponse', async (request, reply) => {
      this.requests.push({ method: request.method, path: request.url.split('?')[0]!, status: reply.statusCode });
    });
    this.app.addHook('preHandler', async (request, reply) => {
      const key = request.headers.apikey;
      const name = (request.params as { instanceName?: string }).instanceName;
      const own = name ? this.instances.get(name)?.token : undefined;
      if (!key || (key !== this.options.apiKey && key !== own))
        return reply.code(401).send({ status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } });
    });
    this.routes();
  }

  async start(): Promise<this> {
    this.url = await this.app.listen({ host: '127.0.0.1', port: 0 });
    return this;
  }

  async close(): Promise<void> {
    await this.emitter.idle();
    await this.app.close();
  }

  instance(name: string): FakeInstance | undefined {
    return this.instances.get(name);
  }

  /** The phone scans the QR: the instance is open as `phone` (digits). */
  scan(name: string, phoneDigits: string): void {
    const i = this.instances.get(name)!;
    if (i.state !== 'connecting') throw new Error(`instance ${name} is ${i.state}, not showing a QR`);
    i.state = 'open';
    i.ownerJid = `${phoneDigits}@s.whatsapp.net`;
    i.qr = null;
    void this.event(i, 'connection.update', {
      instance: i.name,
      wuid: i.ownerJid,
      profileName: 'Tienda',
      profilePictureUrl: null,
      state: 'open',
      statusReason: 200,
    });
  }

  /** The phone removes the linked device: the connection closes with 401 and is not reconnected. */
  unlinkFromPhone(name: string): Promise<void> {
    const i = this.instances.get(name)!;
    i.state = 'close';
    return this.event(i, 'connection.update', { instance: i.name, state: 'close', statusReason: 401 });
  }

  customerWrites(name: string, fromDigits: string, text: string): { id: string; delivered: Promise<void> } {
    const i = this.instances.get(name)!;
    const id = `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;
    const delivered = this.event(i, 'messages.upsert', {
      key: { remoteJid: `${fromDigits}@s.whatsapp.net`, fromMe: false, id },
      pushName: 'Cliente',
      status: 'DELIVERY_ACK',
      message: { conversation: text },
      contextInfo: null,
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
      instanceId: i.id,
      source: 'android',
    });
    return { id, delivered };
  }

  /** Posts one event of an instance as the server would, e.g. a status of any value. */
  event(i: FakeInstance, event: string, data: object): Promise<void> {
    const wanted = event.replace(/\./g, '_').toUpperCase();
    if (!i.webhook?.url || i.webhook.enabled === false || !(i.webhook.events ?? []).includes(wanted))
      return Promise.resolve();
    const body = {
      event,
      instance: i.name,
      data,
      destination: i.webhook.url,
      date_time: new Date().toISOString(),
      sender: i.ownerJid,
      server_url: this.url,
      apikey: this.options.exposeInstanceKey === false ? null : i.token,
    };
    return this.emitter.emit(i.webhook.url, body, () => ({}));
  }

  private async newQr(i: FakeInstance, numberDigits?: string) {
    const code = `2@${randomBytes(24).toString('base64')},${randomBytes(16).toString('base64')},1`;
    const base64 = await QRCode.toDataURL(code, { type: 'image/png', margin: 3, scale: 4 });
    i.qr = {
      code,
      base64,
      count: (i.qr?.count ?? 0) + 1,
      pairingCode: numberDigits ? randomBytes(4).toString('hex').toUpperCase() : null,
    };
    i.state = 'connecting';
    void this.event(i, 'qrcode.updated', { qrcode: { instance: i.name, pairingCode: i.qr.pairingCode, code, base64 } });
  }

  private qrOf(i: FakeInstance) {
    return { pairingCode: i.qr?.pairingCode ?? null, code: i.qr?.code, base64: i.qr?.base64, count: i.qr?.count ?? 0 };
  }

  private routes() {
    const fail = (reply: FastifyReply, status: number, error: string, message: unknown) =>
      reply.code(status).send({ status, error, response: { message } });
    const doesNotExist = (reply: FastifyReply, name: string) =>
      fail(reply, 404, 'Not Found', [`The "${name}" instance does not exist`]);

    this.app.post<{
      Body: {
        instanceName?: string;
        token?: string;
        qrcode?: boolean;
        integration?: string;
        webhook?: FakeInstance['webhook'];
      };
    }>('/instance/create', async (request, reply) => {
      const body = request.body ?? {};
      if (!body.instanceName) return fail(reply, 400, 'Bad Request', ['"instanceName" not provided.']);
      if (this.instances.has(body.instanceName))
        return fail(reply, 403, 'Forbidden', [`This name "${body.instanceName}" is already in use.`]);
      if (body.integration !== undefined && body.integration !== 'WHATSAPP-BAILEYS')
        return fail(reply, 400, 'Bad Request', ['Invalid integration']);
      const i: FakeInstance = {
        id: randomUUID(),
        name: body.instanceName,
        token: body.token ?? randomUUID().toUpperCase(),
        state: 'close',
        webhook: body.webhook ?? null,
        ownerJid: null,
        qr: null,
      };
      this.instances.set(i.name, i);
      if (body.qrcode) await this.newQr(i);
      return reply.code(201).send({
        instance: {
          instanceName: i.name,
          instanceId: i.id,
          integration: 'WHATSAPP-BAILEYS',
          webhookWaBusiness: null,
          accessTokenWaBusiness: '',
          status: i.state,
        },
        hash: i.token,
        webhook: {
          webhookUrl: i.webhook?.url,
          webhookHeaders: undefined,
          webhookByEvents: false,
          webhookBase64: false,
        },
        settings: { rejectCall: false, msgCall: '', groupsIgnore: false, alwaysOnline: false, readMessages: false },
        qrcode: body.qrcode ? this.qrOf(i) : undefined,
      });
    });

    this.app.get<{ Params: { instanceName: string }; Querystring: { number?: string } }>(
      '/instance/connect/:instanceName',
      async (request, reply) => {
        const i = this.instances.get(request.params.instanceName);
        if (!i) return doesNotExist(reply, request.params.instanceName);
        if (i.state === 'open') return { instance: { instanceName: i.name, state: 'open' } };
        if (i.state === 'close' || request.query.number) await this.newQr(i, request.query.number);
        return this.qrOf(i);
      },
    );

    this.app.get<{ Params: { instanceName: string } }>(
      '/instance/connectionState/:instanceName',
      async (request, reply) => {
        const i = this.instances.get(request.params.instanceName);
        if (!i) return doesNotExist(reply, request.params.instanceName);
        return { instance: { instanceName: i.name, state: i.state } };
      },
    );

    this.app.get<{ Querystring: { instanceName?: string } }>('/instance/fetchInstances', async (request, reply) => {
      const name = request.query.instanceName;
      if (name && !this.instances.has(name)) return fail(reply, 404, 'Not Found', [`Instance "${name}" not found`]);
      return [...this.instances.values()]
        .filter((i) => !name || i.name === name)
        .map((i) => ({
          id: i.id,
          name: i.name,
          connectionStatus: i.state,
          ownerJid: i.ownerJid,
          profileName: i.ownerJid ? 'Tienda' : null,
          integration: 'WHATSAPP-BAILEYS',
          number: null,
          token: i.token,
          disconnectionReasonCode: null,
        }));
    });

    this.app.delete<{ Params: { instanceName: string } }>('/instance/logout/:instanceName', async (request, reply) => {
      const i = this.instances.get(request.params.instanceName);
      if (!i) return doesNotExist(reply, request.params.instanceName);
      if (i.state === 'close') return fail(reply, 400, 'Bad Request', [`The "${i.name}" instance is not connected`]);
      i.state = 'close';
      i.ownerJid = null;
      i.qr = null;
      void this.event(i, 'connection.update', { instance: i.name, state: 'close', statusReason: 401 });
      return { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } };
    });

    this.app.delete<{ Params: { instanceName: string } }>('/instance/delete/:instanceName', async (request, reply) => {
      const i = this.instances.get(request.params.instanceName);
      if (!i) return doesNotExist(reply, request.params.instanceName);
      this.instances.delete(i.name);
      return { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } };
    });

    for (const route of ['sendText', 'sendMedia'] as const)
      this.app.post<{
        Params: { instanceName: string };
        Body: {
          number?: string;
          text?: string;
          mediatype?: string;
          mimetype?: string;
          media?: string;
          caption?: string;
          fileName?: string;
        };
      }>(`/message/${route}/:instanceName`, async (request, reply) => {
        const i = this.instances.get(request.params.instanceName);
        if (!i) return doesNotExist(reply, request.params.instanceName);
        const body = request.body ?? {};
        if (route === 'sendText' ? typeof body.text !== 'string' : !body.media || !body.mediatype)
          return fail(reply, 400, 'Bad Request', [route === 'sendText' ? 'text is required' : 'media is required']);
        if (i.state !== 'open') return fail(reply, 500, 'Internal Server Error', 'Connection Closed');
        const number = (body.number ?? '').replace(/\D/g, '');
        if (this.notOnWhatsapp.has(number))
          return fail(reply, 400, 'Bad Request', [{ exists: false, jid: `${number}@s.whatsapp.net`, number }]);
        const id = `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;
        this.sent.push({
          id,
          instance: i.name,
          route,
          to: `+${number}`,
          text: route === 'sendText' ? body.text! : null,
          media:
            route === 'sendMedia'
              ? {
                  mediatype: body.mediatype!,
                  mimetype: body.mimetype ?? 'application/octet-stream',
                  media: body.media!,
                  ...(body.fileName !== undefined && { fileName: body.fileName }),
                }
              : null,
          caption: body.caption ?? null,
        });
        const remoteJid = `${number}@s.whatsapp.net`;
        this.scheduleStatuses(i, id, remoteJid);
        return reply.code(201).send({
          key: { remoteJid, fromMe: true, id },
          pushName: 'Você',
          status: 'PENDING',
          message:
            route === 'sendText'
              ? { conversation: body.text }
              : { [`${body.mediatype}Message`]: { caption: body.caption } },
          contextInfo: null,
          messageType: route === 'sendText' ? 'conversation' : `${body.mediatype}Message`,
          messageTimestamp: Math.floor(Date.now() / 1000),
          instanceId: i.id,
          source: 'unknown',
        });
      });
  }

  private scheduleStatuses(i: FakeInstance, keyId: string, remoteJid: string) {
    if (this.statusMode === 'none') return;
    let statuses = [2, 3, 4];
    if (this.statusMode === 'duplicated') statuses = statuses.flatMap((s) => [s, s]);
    if (this.statusMode === 'reordered') statuses = [...statuses].reverse();
    setTimeout(() => {
      for (const s of statuses)
        void this.event(i, 'messages.update', {
          keyId,
          remoteJid,
          fromMe: true,
          participant: undefined,
          status: STATUS_NAMES[s],
          instanceId: i.id,
        });
    }, 5);
  }
}
