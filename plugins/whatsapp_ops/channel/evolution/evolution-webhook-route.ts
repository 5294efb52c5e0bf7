import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ChannelEvent } from '../channel-port.js';
import { ChannelError } from '../channel-error.js';
import { jsonErrorHandler, sendChannelError } from '../json-error-handler.js';
import { evolutionEvents, type EvolutionWebhookBody } from './evolution-webhook-events.js';

/** A line of the provider, by its instance name: its session key and the instance's key. */
export interface EvolutionLine {
  sessionKey: string;
  instanceKey: string;
}

/** What the routes need of one provider, found by the key in their URL. */
export interface EvolutionWebhookTarget {
  /** The line of an instance of this provider, or null. */
  line(instanceName: string): Promise<EvolutionLine | null>;
  /** Hands the events on; a throw answers 500, and Evolution delivers again. */
  deliver(events: ChannelEvent[]): Promise<void>;
  qrAccess(instanceName: string): string;
  qrImage(instanceName: string): Promise<Buffer>;
}

export interface EvolutionWebhookOptions {
  target(providerKey: string): Promise<EvolutionWebhookTarget | null>;
}

export const EVOLUTION_WEBHOOK_PREFIX = '/webhooks/chatapp/evolution';
/** The events each instance's webhook subscribes to. */
export const EVOLUTION_WEBHOOK_EVENTS = ['MESSAGES_UPSERT', 'MESSAGES_UPDATE', 'CONNECTION_UPDATE'] as const;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Evolution API's webhook, one URL per shop provider (`…/evolution/<provider key>`). Evolution signs
 * nothing: each body carries its instance's key (`apikey`), which must be the key this server gave
 * that instance, compared in constant time; a body without it, with another, or for an instance
 * that is no line of this provider is refused (401) and nothing of it is stored. Evolution does not
 * retry a 401. Also the live QR of an instance (`…/evolution/<provider key>/qr/<instance>?access=…`).
 */
export async function evolutionWebhookRoute(app: FastifyInstance, options: EvolutionWebhookOptions): Promise<void> {
  app.setErrorHandler(jsonErrorHandler);

  app.post<{ Params: { key: string }; Body: EvolutionWebhookBody }>(
    `${EVOLUTION_WEBHOOK_PREFIX}/:key`,
    async (request, reply) => {
      const target = await options.target(request.params.key);
      if (!target) return reply.code(404).send({ error: 'unknown webhook', code: 'not_found' });
      const body = request.body;
      if (typeof body?.event !== 'string' || typeof body.instance !== 'string')
        return reply.code(400).send({ error: 'not an Evolution API event', code: 'invalid_request' });
      const line = await target.line(body.instance);
      const given = body.apikey;
      if (!line || typeof given !== 'string' || !sameText(given, line.instanceKey))
        return reply.code(401).send({
          error: "the body does not carry this instance's key",
          code: 'unauthorized',
          reason: typeof given !== 'string' ? 'missing_key' : 'invalid_key',
        });
      await target.deliver(evolutionEvents(body, line.sessionKey));
      return reply.code(200).send();
    },
  );

  app.get<{ Params: { key: string; instance: string }; Querystring: { access?: string } }>(
    `${EVOLUTION_WEBHOOK_PREFIX}/:key/qr/:instance`,
    async (request, reply) => {
      const target = await options.target(request.params.key);
      const { instance } = request.params;
      const access = request.query.access;
      if (!target || typeof access !== 'string' || !sameText(access, target.qrAccess(instance)))
        return reply.code(404).send({ error: 'unknown QR', code: 'not_found' });
      try {
        const png = await target.qrImage(instance);
        return reply.header('cache-control', 'no-store').type('image/png').send(png);
      } catch (err) {
        if (err instanceof ChannelError) return sendChannelError(reply, err);
        throw err;
      }
    },
  );
}
