import type { FastifyInstance } from 'fastify';
import { Compile } from 'typebox/compile';
import type { ChannelEvent } from './channel-port.js';
import { jsonErrorHandler } from './json-error-handler.js';
import { eventFromWire, WireEvent, WireEventBatch } from './wire-format.js';
import { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySignature } from './webhook-signature.js';

export interface WebhookRouteOptions {
  /** The secret shared with the session service (its SESSION_SERVICE_WEBHOOK_SECRET). */
  secret: string;
  path?: string;
  toleranceSeconds?: number;
  /** A request's events, in order; usually the session-service adapter's deliver(). A throw answers 500, so the service retries. */
  onEvents: (events: ChannelEvent[]) => Promise<void>;
}

export const DEFAULT_WEBHOOK_PATH = '/webhooks/session-service';

const eventValidator = Compile(WireEvent);
const batchValidator = Compile(WireEventBatch);

const isBatch = (payload: unknown) => typeof payload === 'object' && payload !== null && 'events' in payload;

/**
 * The main server's end of the session service's webhook. The body is read raw, because the
 * signature covers the exact bytes; it is parsed only after the signature holds. It is a batch of
 * events (`{ "events": [...] }`) or one event; one bad event refuses the request whole.
 */
export async function sessionServiceWebhookRoute(app: FastifyInstance, options: WebhookRouteOptions): Promise<void> {
  app.setErrorHandler(jsonErrorHandler);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(options.path ?? DEFAULT_WEBHOOK_PATH, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const check = verifySignature({
      secret: options.secret,
      body: raw,
      timestamp: request.headers[TIMESTAMP_HEADER],
      signature: request.headers[SIGNATURE_HEADER],
      toleranceSeconds: options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
    });
    if (!check.ok)
      return reply.code(401).send({ error: 'invalid webhook signature', code: 'unauthorized', reason: check.reason });
    let payload: unknown;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      return reply.code(400).send({ error: 'the body is not valid JSON', code: 'invalid_request' });
    }
    const batch = isBatch(payload);
    const validator = batch ? batchValidator : eventValidator;
    if (!validator.Check(payload)) {
      const [first] = validator.Errors(payload);
      return reply.code(400).send({
        error: `not a session service event${first ? `: ${first.instancePath || '(root)'} ${first.message}` : ''}`,
        code: 'invalid_request',
      });
    }
    const events = batch ? (payload as WireEventBatch).events : [payload as WireEvent];
    await options.onEvents(events.map(eventFromWire));
    return reply.code(204).send();
  });
}
