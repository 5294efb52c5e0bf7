import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { GRAPH_ERRORS, STATUS_ERRORS } from './graph-errors.js';
import { GraphWebhookEmitter, type Subscription } from './graph-webhook-emitter.js';

export interface FakeNumber {
  id: string;
  /** As Meta shows it, e.g. "+34 711 00 01 00". */
  display_phone_number: string;
  verified_name: string;
  quality_rating?: string;
}

export interface FakeTemplate {
  id?: string;
  name: string;
  language: string;
  status: string;
  category: string;
  parameter_format?: 'POSITIONAL' | 'NAMED';
  components: Record<string, unknown>[];
}

export interface FakeAccount {
  wabaId: string;
  token: string;
  numbers: FakeNumber[];
  templates?: FakeTemplate[];
}

export interface SentMessage {
  id: string;
  phoneNumberId: string;
  to: string;
  type: string;
  body: Record<string, unknown>;
  bizOpaque: string | null;
  at: Date;
}

/** How the statuses of an accepted message come back (Meta guarantees neither order nor uniqueness). */
export type StatusMode =
  'ordered' | 'read-without-delivered' | 'duplicated' | 'reordered' | 'delivered-after-failed' | 'none';

interface Account {
  wabaId: string;
  numbers: Map<string, FakeNumber>;
  templates: FakeTemplate[];
  subscription?: Subscription;
  emitter: GraphWebhookEmitter;
}

export interface GraphFakeOptions {
  version?: string;
  /** Messages a second each number takes before 130429 (a token bucket of that size). */
  numberRatePerSecond?: number;
  /** Two messages from one number to one customer closer than this: 131056. */
  pairIntervalMs?: number;
  /** Free-form messages outside 24 h of the customer's last message fail by webhook (131047). */
  enforceWindow?: boolean;
  /** Between the statuses of one message. */
  statusDelayMs?: number;
}

const HOUR_MS = 3_600_000;
const PAGE = 2;

const wamid = () => `wamid.${randomBytes(33).toString('base64')}`;
const digits = (phone: string) => phone.replace(/\D/g, '');
const unix = (d = new Date()) => String(Math.floor(d.getTime() / 1000));

/**
 * A local WhatsApp Cloud API (Meta's Graph API) for tests: the real paths under the version
 * prefix, the Bearer check, Graph's verbatim error bodies and codes, 429/130429 per number at a
 * configurable rate, 131056 per recipient pair, templates with approval states, paged listings,
 * the media endpoints (upload, media URL, download with the token), the 24-hour rule (131047 by
 * webhook), and Meta's webhook: signed notifications of inbound messages and of every accepted
 * message's statuses, which can be duplicated, reordered or delayed, and are retried on failure.
 */
export class GraphApiFake {
  readonly version: string;
  url = '';
  readonly sent: SentMessage[] = [];
  /** Every request the fake answered: method, path (no query) and HTTP status. */
  readonly requests: { method: string; path: string; status: number }[] = [];
  statusMode: StatusMode = 'ordered';
  /** Recipients the network cannot deliver to: their messages fail by webhook (131026). */
  readonly undeliverable = new Set<string>();
  enforceWindow: boolean;
  numberRatePerSecond: number;
  pairIntervalMs: number;
  statusDelayMs: number;
  /** How long the messages endpoint takes to answer (a deadline test makes it longer than the client waits). */
  answerDelayMs = 0;
  /** The share of accepted messages answered only after answerDelayMs (a network that sometimes does not answer in time). */
  slowAnswerShare = 1;
  private readonly app: FastifyInstance;
  private readonly accounts = new Map<string, Account>();
  private readonly tokens = new Map<string, { wabaId: string; expired: boolean }>();
  private readonly blocked = new Set<string>();
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly lastToPair = new Map<string, number>();
  private readonly lastInbound = new Map<string, number>();
  private readonly media = new Map<string, { bytes: Buffer; mimeType: string; owner: string }>();

  constructor(options: GraphFakeOptions = {}) {
    this.version = options.version ?? 'v23.0';
    this.numberRatePerSecond = options.numberRatePerSecond ?? 80;
    this.pairIntervalMs = options.pairIntervalMs ?? 0;
    this.enforceWindow = options.enforceWindow ?? true;
    this.statusDelayMs = options.statusDelayMs ?? 10;
    this.app = Fastify({ logger: false, bodyLimit: 20 * 1024 * 1024 });
    this.app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    this.app.addHook('onResponse', async (request, reply) => {
      this.requests.push({ method: request.method, path: request.url.split('?')[0]!, status: reply.statusCode });
    });
    this.routes();
  }

  async start(): Promise<this> {
    this.url = await this.app.listen({ host: '127.0.0.1', port: 0 });
    return this;
  }

  async close(): Promise<void> {
    await Promise.all([...this.accounts.values()].map((a) => a.emitter.idle()));
    await this.app.close();
  }

  addAccount(account: FakeAccount): void {
    const entry: Account = {
      wabaId: account.wabaId,
      numbers: new Map(account.numbers.map((n) => [n.id, n])),
      templates: (account.templates ?? []).map((t) => ({
        id: t.id ?? String(1000 + Math.floor(Math.random() * 1e9)),
        ...t,
      })),
      emitter: new GraphWebhookEmitter(() => entry.subscription),
    };
    this.accounts.set(account.wabaId, entry);
    this.tokens.set(account.token, { wabaId: account.wabaId, expired: false });
  }

  /** More numbers on an account (a benchmark's thousands, added after the provider was configured with few). */
  addNumbers(wabaId: string, numbers: FakeNumber[]): void {
    const account = this.account(wabaId);
    for (const n of numbers) account.numbers.set(n.id, n);
  }

  /** The app's webhook for an account: callback URL and app secret. */
  subscribe(wabaId: string, subscription: Subscription): void {
    this.account(wabaId).subscription = subscription;
  }

  emitter(wabaId: string): GraphWebhookEmitter {
    return this.account(wabaId).emitter;
  }

  /** A new token for the account (the old one stays valid until expired). */
  addToken(wabaId: string, token: string): void {
    this.tokens.set(token, { wabaId, expired: false });
  }

  expireToken(token: string): void {
    this.tokens.get(token)!.expired = true;
  }

  block(phoneNumberId: string): void {
    this.blocked.add(phoneNumberId);
  }

  setTemplateStatus(wabaId: string, name: string, status: string): void {
    for (const t of this.account(wabaId).templates) if (t.name === name) t.status = status;
  }

  removeTemplate(wabaId: string, name: string): void {
    const account = this.account(wabaId);
    account.templates = account.templates.filter((t) => t.name !== name);
  }

  addTemplate(wabaId: string, template: FakeTemplate): void {
    this.account(wabaId).templates.push({ id: String(1000 + Math.floor(Math.random() * 1e9)), ...template });
  }

  /** A customer writes to a number: the inbound notification (signed) goes to the app's webhook. */
  customerWrites(
    phoneNumberId: string,
    from: string,
    content: { text: string } | { media: { bytes: Buffer; mimeType: string; caption?: string; filename?: string } },
    at = new Date(),
  ): { id: string; delivered: Promise<void> } {
    const { account, number } = this.numberOf(phoneNumberId);
    const id = wamid();
    this.lastInbound.set(`${phoneNumberId}\n${digits(from)}`, at.getTime());
    let message: Record<string, unknown>;
    if ('text' in content) message = { type: 'text', text: { body: content.text } };
    else {
      const mediaId = String(Date.now()) + randomBytes(3).readUIntBE(0, 3);
      this.media.set(mediaId, { bytes: content.media.bytes, mimeType: content.media.mimeType, owner: account.wabaId });
      const type = content.media.mimeType.startsWith('image/')
        ? 'image'
        : content.media.mimeType.startsWith('audio/')
          ? 'audio'
          : content.media.mimeType.startsWith('video/')
            ? 'video'
            : 'document';
      message = {
        type,
        [type]: {
          ...(content.media.caption !== undefined && { caption: content.media.caption }),
          ...(content.media.filename !== undefined && { filename: content.media.filename }),
          mime_type: content.media.mimeType,
          sha256: createHash('sha256').update(content.media.bytes).digest('base64'),
          id: mediaId,
        },
      };
    }
    const delivered = account.emitter.emit(
      this.notification(account, number, {
        contacts: [{ profile: { name: 'Customer' }, wa_id: digits(from) }],
        messages: [{ from: digits(from), id, timestamp: unix(at), ...message }],
      }),
    );
    return { id, delivered };
  }

  /** A status notification for a message, as Meta sends one (for tests that script statuses). */
  statusNotification(message: SentMessage, status: string, error?: object): object {
    const { account, number } = this.numberOf(message.phoneNumberId);
    return this.notification(account, number, {
      statuses: [
        {
          id: message.id,
          status,
          timestamp: unix(),
          recipient_id: message.to,
          ...(message.bizOpaque !== null && { biz_opaque_callback_data: message.bizOpaque }),
          ...(status !== 'failed' && {
            pricing: {
              billable: true,
              pricing_model: 'PMP',
              category: message.type === 'template' ? 'utility' : 'service',
              type: 'regular',
            },
          }),
          ...(error && { errors: [error] }),
        },
      ],
    });
  }

  private notification(account: Account, number: FakeNumber, value: Record<string, unknown>) {
    return {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: account.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: digits(number.display_phone_number), phone_number_id: number.id },
                ...value,
              },
            },
          ],
        },
      ],
    };
  }

  private account(wabaId: string): Account {
    const account = this.accounts.get(wabaId);
    if (!account) throw new Error(`no account ${wabaId}`);
    return account;
  }

  private numberOf(phoneNumberId: string) {
    for (const account of this.accounts.values()) {
      const number = account.numbers.get(phoneNumberId);
      if (number) return { account, number };
    }
    throw new Error(`no number ${phoneNumberId}`);
  }

  /** The token's account, or the error Graph answers. */
  private auth(request: FastifyRequest, reply: FastifyReply): Account | null {
    const header = request.headers.authorization;
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
    const known = token === null ? undefined : this.tokens.get(token);
    const [status, body] = !token
      ? GRAPH_ERRORS.noToken()
      : !known
        ? GRAPH_ERRORS.badToken()
        : known.expired
          ? GRAPH_ERRORS.expiredToken()
          : [0, null];
    if (body) {
      void reply.code(status).send(body);
      return null;
    }
    return this.accounts.get(known!.wabaId)!;
  }

  private fail(reply: FastifyReply, [status, body]: readonly [number, object]) {
    return reply.code(status).send(body);
  }

  private routes() {
    const v = `/${this.version}`;

    this.app.get<{ Params: { id: string } }>(`${v}/:id`, async (request, reply) => {
      const account = this.auth(request, reply);
      if (!account) return reply;
      const number = account.numbers.get(request.params.id);
      if (number) return { ...number, id: number.id };
      const media = this.media.get(request.params.id);
      if (media && media.owner === account.wabaId)
        return {
          messaging_product: 'whatsapp',
          url: `${this.url}/whatsapp_business/attachments/?mid=${request.params.id}&ext=${Date.now()}&hash=${randomBytes(6).toString('hex')}`,
          mime_type: media.mimeType,
          sha256: createHash('sha256').update(media.bytes).digest('hex'),
          file_size: media.bytes.length,
          id: request.params.id,
        };
      return this.fail(reply, GRAPH_ERRORS.unknownObject(request.params.id));
    });

    this.app.get<{ Params: { waba: string } }>(`${v}/:waba/phone_numbers`, async (request, reply) => {
      const account = this.auth(request, reply);
      if (!account) return reply;
      if (account.wabaId !== request.params.waba)
        return this.fail(reply, GRAPH_ERRORS.unknownObject(request.params.waba));
      return { data: [...account.numbers.values()], paging: { cursors: { before: 'QVFIU', after: 'QVFIU' } } };
    });

    this.app.get<{ Params: { waba: string }; Querystring: { after?: string; limit?: string } }>(
      `${v}/:waba/message_templates`,
      async (request, reply) => {
        const account = this.auth(request, reply);
        if (!account) return reply;
        if (account.wabaId !== request.params.waba)
          return this.fail(reply, GRAPH_ERRORS.unknownObject(request.params.waba));
        // Pages of two, whatever the limit asked: the client must follow the cursors.
        const start = request.query.after ? Number(Buffer.from(request.query.after, 'base64url').toString()) : 0;
        const page = account.templates.slice(start, start + PAGE);
        const next = start + PAGE < account.templates.length;
        const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
        return {
          data: page.map((t) => ({ parameter_format: 'POSITIONAL', ...t })),
          paging: {
            cursors: { before: cursor(start), after: cursor(start + PAGE) },
            ...(next && {
              next: `https://graph.facebook.com/${this.version}/${account.wabaId}/message_templates?after=${cursor(start + PAGE)}`,
            }),
          },
        };
      },
    );

    this.app.post<{ Params: { id: string } }>(`${v}/:id/media`, async (request, reply) => {
      const account = this.auth(request, reply);
      if (!account) return reply;
      if (!account.numbers.has(request.params.id))
        return this.fail(reply, GRAPH_ERRORS.unknownObject(request.params.id));
      const form = await new Response(new Uint8Array(request.body as Buffer), {
        headers: { 'content-type': request.headers['content-type']! },
      }).formData();
      const file = form.get('file');
      if (form.get('messaging_product') !== 'whatsapp' || !(file instanceof Blob))
        return this.fail(reply, GRAPH_ERRORS.invalidParameter('Param file and messaging_product are required.'));
      const id = String(Date.now()) + randomBytes(3).readUIntBE(0, 3);
      this.media.set(id, {
        bytes: Buffer.from(await file.arrayBuffer()),
        mimeType: String(form.get('type') ?? file.type),
        owner: account.wabaId,
      });
      return { id };
    });

    this.app.get<{ Querystring: { mid?: string } }>('/whatsapp_business/attachments/', async (request, reply) => {
      const account = this.auth(request, reply);
      if (!account) return reply;
      const media = this.media.get(request.query.mid ?? '');
      if (!media || media.owner !== account.wabaId) return reply.code(404).send('Not Found');
      return reply.type(media.mimeType).send(media.bytes);
    });

    this.app.post<{ Params: { id: string }; Body: Record<string, any> }>(
      `${v}/:id/messages`,
      async (request, reply) => {
        const account = this.auth(request, reply);
        if (!account) return reply;
        const number = account.numbers.get(request.params.id);
        if (!number) return this.fail(reply, GRAPH_ERRORS.unknownObject(request.params.id));
        const body = request.body ?? {};
        if (body.messaging_product !== 'whatsapp')
          return this.fail(reply, GRAPH_ERRORS.invalidParameter('The parameter messaging_product is required.'));
        if (typeof body.to !== 'string' || !/^\+?\d{6,15}$/.test(body.to))
          return this.fail(reply, GRAPH_ERRORS.invalidParameter('The parameter to is required.'));
        const problem = this.checkContent(account, body);
        if (problem) return this.fail(reply, problem);
        if (this.blocked.has(number.id)) return this.fail(reply, GRAPH_ERRORS.blocked());
        if (!this.takeToken(number.id)) return this.fail(reply, GRAPH_ERRORS.throughput());
        const to = digits(body.to);
        const pair = `${number.id}\n${to}`;
        const last = this.lastToPair.get(pair);
        if (this.pairIntervalMs > 0 && last !== undefined && Date.now() - last < this.pairIntervalMs)
          return this.fail(reply, GRAPH_ERRORS.pairRate());
        this.lastToPair.set(pair, Date.now());
        const message: SentMessage = {
          id: wamid(),
          phoneNumberId: number.id,
          to,
          type: body.type,
          body,
          bizOpaque: typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : null,
          at: new Date(),
        };
        this.sent.push(message);
        this.statuses(account, message);
        if (this.answerDelayMs > 0 && Math.random() < this.slowAnswerShare)
          await new Promise((resolve) => setTimeout(resolve, this.answerDelayMs));
        return {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: to }],
          messages: [{ id: message.id }],
        };
      },
    );
  }

  private checkContent(account: Account, body: Record<string, any>): readonly [number, object] | null {
    switch (body.type) {
      case 'text':
        return typeof body.text?.body === 'string' && body.text.body.length > 0
          ? null
          : GRAPH_ERRORS.invalidParameter("Param text['body'] is required.");
      case 'image':
      case 'video':
      case 'audio':
      case 'document':
      case 'sticker': {
        const media = body[body.type];
        if (!media || (typeof media.link !== 'string' && typeof media.id !== 'string'))
          return GRAPH_ERRORS.invalidParameter(`Param ${body.type}['link'] or ${body.type}['id'] is required.`);
        if ((body.type === 'audio' || body.type === 'sticker') && media.caption !== undefined)
          return GRAPH_ERRORS.invalidParameter(`Param ${body.type}['caption'] is not valid.`);
        return null;
      }
      case 'template': {
        const { name, language, components } = body.template ?? {};
        const template = account.templates.find((t) => t.name === name && t.language === language?.code);
        if (!template) return GRAPH_ERRORS.templateMissing(String(name), String(language?.code));
        if (template.status === 'PAUSED') return GRAPH_ERRORS.templatePaused();
        if (template.status !== 'APPROVED') return GRAPH_ERRORS.templateMissing(String(name), String(language?.code));
        const bodyText = template.components.find((c) => c.type === 'BODY')?.text as string | undefined;
        const expected = new Set([...(bodyText ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1])).size;
        const given = (components ?? []).find((c: any) => c.type === 'body')?.parameters?.length ?? 0;
        return given === expected ? null : GRAPH_ERRORS.templateParams('body', given, expected);
      }
      default:
        return GRAPH_ERRORS.invalidParameter(`Param type (${body.type}) is not valid.`);
    }
  }

  private takeToken(phoneNumberId: string): boolean {
    const now = Date.now();
    const bucket = this.buckets.get(phoneNumberId) ?? { tokens: this.numberRatePerSecond, at: now };
    bucket.tokens = Math.min(
      this.numberRatePerSecond,
      bucket.tokens + ((now - bucket.at) / 1000) * this.numberRatePerSecond,
    );
    bucket.at = now;
    this.buckets.set(phoneNumberId, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** What the network reports back about an accepted message, through the webhook. */
  private statuses(account: Account, message: SentMessage) {
    const lastInbound = this.lastInbound.get(`${message.phoneNumberId}\n${message.to}`);
    const outsideWindow =
      this.enforceWindow &&
      message.type !== 'template' &&
      (lastInbound === undefined || Date.now() - lastInbound > 24 * HOUR_MS);
    let plan: { status: string; error?: object }[];
    if (outsideWindow) plan = [{ status: 'failed', error: STATUS_ERRORS.reengagement }];
    else if (this.undeliverable.has(`+${message.to}`))
      plan = [{ status: 'sent' }, { status: 'failed', error: STATUS_ERRORS.undeliverable }];
    else
      plan = {
        ordered: ['sent', 'delivered', 'read'],
        'read-without-delivered': ['sent', 'read'],
        duplicated: ['sent', 'sent', 'delivered', 'delivered', 'read', 'read'],
        reordered: ['read', 'sent', 'delivered'],
        'delivered-after-failed': ['sent', 'failed', 'delivered'],
        none: [],
      }[this.statusMode].map((status) =>
        status === 'failed' ? { status, error: STATUS_ERRORS.undeliverable } : { status },
      );
    for (const step of plan)
      void account.emitter.emit(this.statusNotification(message, step.status, step.error), this.statusDelayMs);
  }
}
