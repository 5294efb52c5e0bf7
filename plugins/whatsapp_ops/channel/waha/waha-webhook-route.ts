import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ChannelEvent } from '../channel-port.js';
import { ChannelError } from '../channel-error.js';
import { jsonErrorHandler, sendChannelError } from '../json-error-handler.js';
import { wahaEvents, type WahaWebhookBody } from './waha-webhook-events.js';

/** What the routes need of one provider, found by the key in their URL. */
export interface WahaWebhookTarget {
  webhookSecret: string;
  /** The line of a WAHA session of this provider (session name → session key), or null. */
  line(sessionName: string): Promise<string | null>;
  /** Hands the events on; a throw answers 500, and WAHA delivers again. */
  deliver(events: ChannelEvent[]): Promise<void>;
  /** The access code a session's QR link must carry. */
  qrAccess(sessionName: string): string;
  qrImage(sessionName: string): Promise<Buffer>;
}

export interface WahaWebhookOptions {
  /** The provider behind the key, or null for a key no shop has. */
  target(providerKey: string): Promise<WahaWebhookTarget | null>;
}

export const WAHA_WEBHOOK_PREFIX = '/webhooks/chatapp/waha';
/** The events each session's webhook subscribes to. */
export const WAHA_WEBHOOK_EVENTS = ['message', 'message.ack', 'session.status'] as const;

const HMAC_HEADER = 'x-webhook-hmac';
const ALGORITHM_HEADER = 'x-webhook-hmac-algorithm';

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** WAHA's signature: X-Webhook-Hmac = hex HMAC-SHA512 of the raw body, X-Webhook-Hmac-Algorithm = sha512. */
export function verifyWahaSignature(secret: string, raw: Buffer, hmac: unknown, algorithm: unknown): boolean {
  if (typeof hmac !== 'string' || !/^[0-9a-fA-F]{128}$/.test(hmac)) return false;
  if (algorithm !== undefined && algorithm !== 'sha512') return false;
  return timingSafeEqual(Buffer.from(hmac, 'hex'), createHmac('sha512', secret).update(raw).digest());
}

/**
 * WAHA's webhook, one URL per shop provider (`…/waha/<provider key>`): the raw body is accepted only
 * with WAHA's HMAC-SHA512 signature under the provider's webhook secret, compared in constant time
 * before anything is parsed; an unsigned or badly signed body is refused (401) and nothing of it is
 * stored. Also the live QR of a session (`…/waha/<provider key>/qr/<session>?access=…`), fetched
 * from WAHA with the key, so the shop never needs WAHA's address or key to pair.
 */
export async function wahaWebhookRoute(app: FastifyInstance, options: WahaWebhookOptions): Promise<void> {
  app.setErrorHandler(jsonErrorHandler);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post<{ Params: { key: string } }>(`${WAHA_WEBHOOK_PREFIX}/:key`, async (request, reply) => {
    const target = await options.target(request.params.key);
    if (!target) return reply.code(404).send({ error: 'unknown webhook', code: 'not_found' });
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const hmac = request.headers[HMAC_HEADER];
    if (!verifyWahaSignature(target.webhookSecret, raw, hmac, request.headers[ALGORITHM_HEADER]))
      return reply.code(401).send({
        error: 'invalid webhook signature',
        code: 'unauthorized',
        reason: hmac === undefined ? 'missing_signature' : 'invalid_signature',
      });
    let body: WahaWebhookBody;
    try {
      body = JSON.parse(raw.toString('utf8')) as WahaWebhookBody;
    } catch {
      return reply.code(400).send({ error: 'the body is not valid JSON', code: 'invalid_request' });
    }
    if (typeof body?.event !== 'string' || typeof body.session !== 'string')
      return reply.code(400).send({ error: 'not a WAHA event', code: 'invalid_request' });
    await target.deliver(wahaEvents(body, raw, await target.line(body.session)));
    return reply.code(200).send();
  });

  app.get<{ Params: { key: string; session: string }; Querystring: { access?: string } }>(
    `${WAHA_WEBHOOK_PREFIX}/:key/qr/:session`,
    async (request, reply) => {
      const target = await options.target(request.params.key);
      const { session } = request.params;
      const access = request.query.access;
      if (!target || typeof access !== 'string' || !sameText(access, target.qrAccess(session)))
        return reply.code(404).send({ error: 'unknown QR', code: 'not_found' });
      try {
        const png = await target.qrImage(session);
        return reply.header('cache-control', 'no-store').type('image/png').send(png);
      } catch (err) {
        if (err instanceof ChannelError) return sendChannelError(reply, err);
        throw err;
      }
    },
  );
}
