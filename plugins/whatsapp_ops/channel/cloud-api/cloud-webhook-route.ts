import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { verifyBodyHmac } from '../../../../core/index.js';
import type { ChannelEvent } from '../channel-port.js';
import { jsonErrorHandler } from '../json-error-handler.js';
import { eventsOf, phoneNumberIdsOf, type CloudWebhookBody } from './cloud-webhook-events.js';

/** What the route needs of one provider, found by the key in its URL. */
export interface CloudWebhookTarget {
  verifyToken: string;
  appSecret: string;
  /** The provider's lines among these phone_number_ids: id → session key. */
  lines(phoneNumberIds: string[]): Promise<Map<string, string>>;
  /** Hands the events on (media first fetched and kept); a throw answers 500, and Meta delivers again. */
  deliver(events: ChannelEvent[]): Promise<void>;
}

export interface CloudWebhookOptions {
  /** The provider behind the key, or null for a key no shop has. */
  target(providerKey: string): Promise<CloudWebhookTarget | null>;
}

export const CLOUD_WEBHOOK_PREFIX = '/webhooks/chatapp/cloud_api';

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The Cloud API's webhook, one URL per shop provider (`…/cloud_api/<provider key>`). GET is Meta's
 * verification (hub.mode=subscribe with the provider's verify token: the challenge is echoed).
 * POST bodies are read raw and accepted only with X-Hub-Signature-256 = sha256=<HMAC-SHA256 of the
 * raw body with the provider's app secret>, compared in constant time; an unsigned or badly signed
 * body is refused before it is parsed, and nothing of it is stored.
 */
export async function cloudWebhookRoute(app: FastifyInstance, options: CloudWebhookOptions): Promise<void> {
  app.setErrorHandler(jsonErrorHandler);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.get<{ Params: { key: string }; Querystring: Record<string, string | undefined> }>(
    `${CLOUD_WEBHOOK_PREFIX}/:key`,
    async (request, reply) => {
      const target = await options.target(request.params.key);
      if (!target) return reply.code(404).send({ error: 'unknown webhook', code: 'not_found' });
      const mode = request.query['hub.mode'];
      const token = request.query['hub.verify_token'];
      const challenge = request.query['hub.challenge'];
      if (mode !== 'subscribe' || typeof token !== 'string' || !sameText(token, target.verifyToken))
        return reply.code(403).send({ error: 'verification refused', code: 'unauthorized' });
      return reply.type('text/plain').send(challenge ?? '');
    },
  );

  app.post<{ Params: { key: string } }>(`${CLOUD_WEBHOOK_PREFIX}/:key`, async (request, reply) => {
    const target = await options.target(request.params.key);
    if (!target) return reply.code(404).send({ error: 'unknown webhook', code: 'not_found' });
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['x-hub-signature-256'];
    if (!verifyBodyHmac(target.appSecret, raw, signature))
      return reply.code(401).send({
        error: 'invalid webhook signature',
        code: 'unauthorized',
        reason: signature === undefined ? 'missing_signature' : 'invalid_signature',
      });
    let body: CloudWebhookBody;
    try {
      body = JSON.parse(raw.toString('utf8')) as CloudWebhookBody;
    } catch {
      return reply.code(400).send({ error: 'the body is not valid JSON', code: 'invalid_request' });
    }
    if (body?.object !== 'whatsapp_business_account' || !Array.isArray(body.entry))
      return reply.code(400).send({ error: 'not a whatsapp_business_account notification', code: 'invalid_request' });
    const lines = await target.lines(phoneNumberIdsOf(body));
    await target.deliver(eventsOf(body, lines));
    return reply.code(200).send();
  });
}
