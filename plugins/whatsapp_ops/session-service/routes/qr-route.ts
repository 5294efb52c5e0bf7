import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ChannelError } from '../../channel/channel-error.js';
import { sendChannelError } from '../../channel/json-error-handler.js';
import { qrDataUrl, qrPng } from '../../sandbox/pairing-qr.js';
import type { ServiceDeps } from '../service-deps.js';

const sameText = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

const Params = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }) });
const Query = Type.Object(
  {
    format: Type.Optional(Type.Union([Type.Literal('png'), Type.Literal('raw'), Type.Literal('json')])),
    access: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

/**
 * GET /sessions/:key/qr, keyless so the QR can be shown to whoever holds the phone. A PNG by
 * default; `Accept: application/json` (or `?format=json`) gets the same QR as a data URL with
 * the payload it encodes; `?format=raw` the payload alone, as text. The QR is the live one: a real
 * network replaces it every 20 s (60 s for the first), so a page showing it polls this route
 * (`expires_at` says when). Reading it changes nothing: after a logout, POST
 * /sessions/:key/connect starts pairing again. With a real engine the route asks for the access
 * code carried by the qr_url the service hands out (ServiceDeps.qrAccess).
 */
export async function qrRoute(app: FastifyInstance, deps: ServiceDeps): Promise<void> {
  app.get<{ Params: { key: string }; Querystring: { format?: 'png' | 'raw' | 'json'; access?: string } }>(
    '/sessions/:key/qr',
    { schema: { params: Params, querystring: Query } },
    async (request, reply) => {
      const limited = await deps.limits.hitAnonymous(request.ip);
      if (limited) return sendChannelError(reply, limited);
      if (deps.qrAccess && !sameText(request.query.access ?? '', deps.qrAccess(request.params.key)))
        return sendChannelError(
          reply,
          await deps.limits.failedAuth(
            request.ip,
            new ChannelError(
              'unauthorized',
              'this QR links a real WhatsApp account: open the qr_url given when the session was created or connected',
            ),
          ),
        );
      const { session, pairingUrl, qr, qrExpiresAt } = await deps.engine.pairingState(request.params.key);
      if (!qr) {
        if (session.status === 'awaiting_pairing')
          return sendChannelError(
            reply,
            new ChannelError(
              'channel_unavailable',
              'no QR yet: the connection to the network is still coming up; retry',
              {
                reason: 'connecting',
                status: session.status,
              },
            ),
          );
        const hint =
          session.status === 'connected'
            ? 'the session is already paired'
            : 'the session is logged out: POST /sessions/:key/connect to pair again';
        return sendChannelError(
          reply,
          new ChannelError('not_awaiting_pairing', `no QR to scan: ${hint}`, { status: session.status }),
        );
      }
      reply.header('cache-control', 'no-store').header('vary', 'accept');
      const format = request.query.format ?? (request.headers.accept?.includes('application/json') ? 'json' : 'png');
      if (format === 'raw') return reply.type('text/plain; charset=utf-8').send(qr);
      if (format === 'json') {
        return {
          session_key: session.sessionKey,
          status: session.status,
          pairing_url: pairingUrl,
          qr,
          expires_at: qrExpiresAt?.toISOString() ?? null,
          data_url: await qrDataUrl(qr),
          engine: session.engine,
          sandbox: session.sandbox,
          notice: session.notice,
        };
      }
      return reply.type('image/png').send(await qrPng(qr));
    },
  );
}
