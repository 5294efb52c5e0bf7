import { createHmac, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import { HttpWebhookEmitter } from './http-webhook-emitter.js';

type Status = 'STOPPED' | 'STARTING' | 'SCAN_QR_CODE' | 'WORKING' | 'FAILED';

interface WebhookConfig {
  url: string;
  events: string[];
  hmac?: { key?: string };
}

interface FakeSession {
  name: string;
  status: Status;
  webhooks: WebhookConfig[];
  me: { id: string; pushName: string } | null;
  qr: string | null;
  /** Whether the device is linked (auth kept across stop/start, gone after logout). */
  paired: boolean;
}

export interface WahaSentMessage {
  id: string;
  session: string;
  route: string;
  /** E.164, from the chatId. */
  to: string;
  text: string | null;
  file: { url: string; mimetype: string; filename?: string } | null;
  caption: string | null;
}

/** How the acks of a sent message come back (WAHA guarantees neither order nor uniqueness). */
export type AckMode = 'ordered' | 'duplicated' | 'reordered' | 'none';

export interface WahaFakeOptions {
  apiKey: string;
  /** WAHA Core: one session only, named "default"; media sends are a Plus feature. */
  core?: boolean;
  /** WEBJS answers a send with `{ id: { _serialized } }`, NOWEB with the library's `{ key }`. */
  engine?: 'WEBJS' | 'NOWEB';
  /** From STARTING to SCAN_QR_CODE. */
  qrDelayMs?: number;
}

const ACK_NAMES: Record<number, string> = {
  [-1]: 'ERROR',
  0: 'PENDING',
  1: 'SERVER',
  2: 'DEVICE',
  3: 'READ',
  4: 'PLAYED',
};

/**
 * A local WAHA (devlikeapro/waha) for tests: its session routes and status names (STOPPED,
 * STARTING, SCAN_QR_CODE, WORKING, FAILED), the QR as PNG / raw / JSON, the pairing code, the send
 * routes, `X-Api-Key` with NestJS's verbatim error bodies, WAHA Core's one-session limit, and the
 * per-session webhook: `session.status`, `message`, `message.ack` posted with `X-Webhook-Hmac`
 * (hex HMAC-SHA512 of the body under the session's hmac key), retried on failure, acks possibly
 * duplicated or reordered.
 */
export class WahaFake {
  url = '';
  readonly sent: WahaSentMessage[] = [];
  readonly requests: { method: string; path: string; status: number }[] = [];
  readonly emitter = new HttpWebhookEmitter();
  ackMode: AckMode = 'ordered';
  /** Recipients whose messages WAHA reports failed (ack -1). */
  readonly failing = new Set<string>();
  private readonly sessions = new Map<string, FakeSession>();
  private readonly app: FastifyInstance;
  private readonly engine: 'WEBJS' | 'NOWEB';
  private readonly qrDelayMs: number;

  constructor(private readonly options: WahaFakeOptions) {
    this.engine = options.engine ?? 'WEBJS';
    this.qrDelayMs = options.qrDelayMs ?? 20;
    this.app = Fastify({ logger: false });
    this.app.addHook('onResponse', async (request, reply) => {
      this.requests.push({ method: request.method, path: request.url.split('?')[0]!, status: reply.statusCode });
    });
    this.app.addHook('onRequest', async (request, reply) => {
      if (request.headers['x-api-key'] !== this.options.apiKey)
        return reply.code(401).send({ message: 'Unauthorized', statusCode: 401 });
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

  session(name: string): FakeSession | undefined {
    return this.sessions.get(name);
  }

  /** The phone scans the QR: the device is linked and the session WORKING as `phone` (digits). */
  scan(name: string, phoneDigits: string): void {
    const s = this.sessions.get(name)!;
    if (s.status !== 'SCAN_QR_CODE') throw new Error(`session ${name} is ${s.status}, not showing a QR`);
    s.paired = true;
    s.me = { id: `${phoneDigits}@c.us`, pushName: 'Tienda' };
    s.qr = null;
    this.setStatus(s, 'WORKING');
  }

  /** The phone removes the linked device: WAHA ends the session (FAILED) and does not restart it. */
  unlinkFromPhone(name: string): void {
    const s = this.sessions.get(name)!;
    s.paired = false;
    this.setStatus(s, 'FAILED');
  }

  /** A customer writes to the session's number: a `message` event. */
  customerWrites(
    name: string,
    fromDigits: string,
    text: string,
    media?: { url: string; mimetype: string; filename?: string },
  ) {
    const s = this.sessions.get(name)!;
    const id = `false_${fromDigits}@c.us_${randomBytes(10).toString('hex').toUpperCase()}`;
    const delivered = this.event(s, 'message', {
      id,
      timestamp: Math.floor(Date.now() / 1000),
      from: `${fromDigits}@c.us`,
      fromMe: false,
      to: s.me?.id ?? null,
      body: text,
      hasMedia: Boolean(media),
      media: media ? { ...media, error: null } : null,
      ack: 1,
      ackName: 'SERVER',
    });
    return { id, delivered };
  }

  /** Posts an ack of a sent message (any value, for tests of the mapping). */
  ack(name: string, id: string, ack: number): Promise<void> {
    const s = this.sessions.get(name)!;
    return this.event(s, 'message.ack', ackBody(id, ack));
  }

  private setStatus(s: FakeSession, status: Status) {
    s.status = status;
    void this.event(s, 'session.status', { name: s.name, status });
  }

  private event(s: FakeSession, event: string, payload: object): Promise<void> {
    const deliveries = s.webhooks
      .filter((w) => w.events.includes(event) || w.events.includes('*'))
      .map((w) => {
        const id = `evt_${randomBytes(13).toString('hex')}`;
        const timestamp = Date.now();
        const body = {
          id,
          timestamp,
          event,
          session: s.name,
          metadata: {},
          me: s.me,
          payload,
          engine: this.engine,
          environment: { version: '2025.9.1', engine: this.engine, tier: this.options.core ? 'CORE' : 'PLUS' },
        };
        return this.emitter.emit(w.url, body, (raw) => ({
          'x-webhook-request-id': id,
          'x-webhook-timestamp': String(timestamp),
          ...(w.hmac?.key && {
            'x-webhook-hmac': createHmac('sha512', w.hmac.key).update(raw).digest('hex'),
            'x-webhook-hmac-algorithm': 'sha512',
          }),
        }));
      });
    return Promise.all(deliveries).then(() => undefined);
  }

  private startSession(s: FakeSession) {
    if (s.status === 'WORKING' || s.status === 'SCAN_QR_CODE' || s.status === 'STARTING') return;
    this.setStatus(s, 'STARTING');
    setTimeout(() => {
      if (s.status !== 'STARTING') return;
      if (s.paired) return this.setStatus(s, 'WORKING');
      s.qr = `2@${randomBytes(24).toString('base64')},${randomBytes(16).toString('base64')},1`;
      this.setStatus(s, 'SCAN_QR_CODE');
    }, this.qrDelayMs);
  }

  private stopSession(s: FakeSession) {
    if (s.status === 'STOPPED') return;
    s.qr = null;
    this.setStatus(s, 'STOPPED');
  }

  private info(s: FakeSession) {
    return {
      name: s.name,
      status: s.status,
      config: { webhooks: s.webhooks },
      me: s.me,
      engine: { engine: this.engine },
    };
  }

  private routes() {
    const notFound = (reply: FastifyReply) =>
      reply.code(404).send({ statusCode: 404, message: 'Session not found', error: 'Not Found' });
    const unprocessable = (reply: FastifyReply, message: string) =>
      reply.code(422).send({ statusCode: 422, message, error: 'Unprocessable Entity' });
    const coreOnlyDefault = (reply: FastifyReply) =>
      unprocessable(
        reply,
        "WAHA Core support only 'default' session. If you want to run more then one WhatsApp account - please get WAHA PLUS version. Check this out: https://waha.devlike.pro/docs/how-to/waha-plus/",
      );
    const notStarted = (reply: FastifyReply, name: string) =>
      reply.code(404).send({
        statusCode: 404,
        message: `We didn't find a session with name '${name}'.\nPlease start it first by using POST /api/sessions/${name}/start request`,
        error: 'Not Found',
      });
    const notStatus = (reply: FastifyReply, s: FakeSession, expected: Status[]) =>
      reply.code(422).send({
        error: 'Session status is not as expected. Try again later or restart the session',
        session: s.name,
        status: s.status,
        expected,
      });

    this.app.get<{ Querystring: { all?: string } }>('/api/sessions', async (request) =>
      [...this.sessions.values()]
        .filter((s) => request.query.all === 'true' || s.status !== 'STOPPED')
        .map((s) => this.info(s)),
    );

    this.app.post<{ Body: { name?: string; start?: boolean; config?: { webhooks?: WebhookConfig[] } } }>(
      '/api/sessions',
      async (request, reply) => {
        const name = request.body?.name ?? 'default';
        if (this.options.core && name !== 'default') return coreOnlyDefault(reply);
        if (this.sessions.has(name))
          return unprocessable(reply, `Session '${name}' already exists. Use PUT to update it.`);
        const s: FakeSession = {
          name,
          status: 'STOPPED',
          webhooks: request.body?.config?.webhooks ?? [],
          me: null,
          qr: null,
          paired: false,
        };
        this.sessions.set(name, s);
        if (request.body?.start !== false) this.startSession(s);
        return reply.code(201).send(this.info(s));
      },
    );

    this.app.get<{ Params: { name: string } }>('/api/sessions/:name', async (request, reply) => {
      const s = this.sessions.get(request.params.name);
      return s ? this.info(s) : notFound(reply);
    });

    this.app.put<{ Params: { name: string }; Body: { config?: { webhooks?: WebhookConfig[] } } }>(
      '/api/sessions/:name',
      async (request, reply) => {
        const s = this.sessions.get(request.params.name);
        if (!s) return notFound(reply);
        s.webhooks = request.body?.config?.webhooks ?? [];
        return this.info(s);
      },
    );

    this.app.delete<{ Params: { name: string } }>('/api/sessions/:name', async (request, reply) => {
      const s = this.sessions.get(request.params.name);
      if (s) {
        this.stopSession(s);
        this.sessions.delete(s.name);
      }
      return reply.code(200).send();
    });

    for (const action of ['start', 'stop', 'logout', 'restart'] as const)
      this.app.post<{ Params: { name: string } }>(`/api/sessions/:name/${action}`, async (request, reply) => {
        const s = this.sessions.get(request.params.name);
        if (!s) return notFound(reply);
        if (action === 'start') this.startSession(s);
        if (action === 'stop') this.stopSession(s);
        if (action === 'restart') {
          this.stopSession(s);
          this.startSession(s);
        }
        if (action === 'logout') {
          const running = s.status !== 'STOPPED';
          this.stopSession(s);
          s.paired = false;
          s.me = null;
          if (running) this.startSession(s);
        }
        return this.info(s);
      });

    this.app.get<{ Params: { session: string }; Querystring: { format?: string } }>(
      '/api/:session/auth/qr',
      async (request, reply) => {
        const s = this.sessions.get(request.params.session);
        if (!s || s.status === 'STOPPED') return notStarted(reply, request.params.session);
        if (s.status !== 'SCAN_QR_CODE' || !s.qr) return notStatus(reply, s, ['SCAN_QR_CODE']);
        if (request.query.format === 'raw') return { value: s.qr };
        const png = await QRCode.toBuffer(s.qr, { type: 'png', margin: 2, width: 256 });
        if (String(request.headers.accept).includes('application/json'))
          return { mimetype: 'image/png', data: png.toString('base64') };
        return reply.type('image/png').send(png);
      },
    );

    this.app.post<{ Params: { session: string }; Body: { phoneNumber?: string } }>(
      '/api/:session/auth/request-code',
      async (request, reply) => {
        const s = this.sessions.get(request.params.session);
        if (!s || s.status === 'STOPPED') return notStarted(reply, request.params.session);
        if (s.status !== 'SCAN_QR_CODE')
          return unprocessable(
            reply,
            `Can request code only in SCAN_QR_CODE status. The current status is ${s.status}`,
          );
        if (!/^\d{6,15}$/.test(request.body?.phoneNumber ?? ''))
          return reply
            .code(400)
            .send({ statusCode: 400, message: ['phoneNumber must be a string'], error: 'Bad Request' });
        const code = randomBytes(4).toString('hex').toUpperCase();
        return { code: `${code.slice(0, 4)}-${code.slice(4)}` };
      },
    );

    for (const route of ['sendText', 'sendImage', 'sendVideo', 'sendFile'] as const)
      this.app.post<{
        Body: {
          session?: string;
          chatId?: string;
          text?: string;
          caption?: string;
          file?: { url: string; mimetype: string; filename?: string };
        };
      }>(`/api/${route}`, async (request, reply) => {
        const body = request.body ?? {};
        const name = body.session ?? 'default';
        if (this.options.core && route !== 'sendText')
          return unprocessable(
            reply,
            'The feature is available only in Plus version. Check this out: https://waha.devlike.pro/docs/how-to/waha-plus/',
          );
        const s = this.sessions.get(name);
        if (!s || s.status === 'STOPPED') return notStarted(reply, name);
        if (s.status !== 'WORKING') return notStatus(reply, s, ['WORKING']);
        const match = /^(\d{6,15})@c\.us$/.exec(body.chatId ?? '');
        if (!match)
          return reply
            .code(400)
            .send({ statusCode: 400, message: ['chatId must be a valid chat id'], error: 'Bad Request' });
        if (route === 'sendText' ? typeof body.text !== 'string' : !body.file?.url)
          return reply.code(400).send({ statusCode: 400, message: ['the message is empty'], error: 'Bad Request' });
        const bare = randomBytes(10).toString('hex').toUpperCase();
        const id = `true_${body.chatId}_${bare}`;
        this.sent.push({
          id,
          session: name,
          route,
          to: `+${match[1]}`,
          text: route === 'sendText' ? body.text! : null,
          file: body.file ?? null,
          caption: body.caption ?? null,
        });
        this.scheduleAcks(s, id, match[1]!);
        const answer =
          this.engine === 'NOWEB'
            ? {
                key: { remoteJid: `${match[1]}@s.whatsapp.net`, fromMe: true, id: bare },
                message: { extendedTextMessage: { text: body.text ?? body.caption ?? '' } },
                messageTimestamp: String(Math.floor(Date.now() / 1000)),
                status: 'PENDING',
              }
            : {
                id: { fromMe: true, remote: body.chatId, id: bare, _serialized: id },
                ack: 0,
                hasMedia: route !== 'sendText',
                body: body.text ?? body.caption ?? '',
                type: route === 'sendText' ? 'chat' : 'image',
                timestamp: Math.floor(Date.now() / 1000),
                from: s.me?.id,
                to: body.chatId,
              };
        return reply.code(201).send(answer);
      });
  }

  private scheduleAcks(s: FakeSession, id: string, toDigits: string) {
    if (this.ackMode === 'none') return;
    let acks = this.failing.has(toDigits) ? [1, -1] : [1, 2, 3];
    if (this.ackMode === 'duplicated') acks = acks.flatMap((a) => [a, a]);
    if (this.ackMode === 'reordered') acks = [...acks].reverse();
    setTimeout(() => {
      for (const ack of acks) void this.event(s, 'message.ack', ackBody(id, ack));
    }, 5);
  }
}

function ackBody(id: string, ack: number) {
  const [, chat] = id.split('_');
  return {
    id,
    from: chat,
    to: chat,
    participant: null,
    fromMe: id.startsWith('true_'),
    ack,
    ackName: ACK_NAMES[ack] ?? 'UNKNOWN',
  };
}
