import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ChannelError } from '../../channel/channel-error.js';
import { sendChannelError } from '../../channel/json-error-handler.js';
import { qrDataUrl, qrPng } from '../../sandbox/pairing-qr.js';
import type { ServiceDeps } from '../service-deps.js';

const Params = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * GET /sessions/:key/qr, keyless so the QR can be shown to whoever holds the phone. A PNG by
 * default; `Accept: application/json` gets the same QR as a data URL with the pairing link it
 * encodes. Reading it changes nothing: after a logout, POST /sessions/:key/connect starts pairing again.
 */
export async function qrRoute(app: FastifyInstance, deps: ServiceDeps): Promise<void> {
  app.get<{ Params: { key: string } }>('/sessions/:key/qr', { schema: { params: Params } }, async (request, reply) => {
    const limited = await deps.limits.hitAnonymous(request.ip);
    if (limited) return sendChannelError(reply, limited);
    const { session, pairingUrl } = await deps.engine.pairingState(request.params.key);
    if (!pairingUrl) {
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
    if (request.headers.accept?.includes('application/json')) {
      return {
        session_key: session.sessionKey,
        status: session.status,
        pairing_url: pairingUrl,
        data_url: await qrDataUrl(pairingUrl),
        engine: session.engine,
        sandbox: session.sandbox,
        notice: session.notice,
      };
    }
    return reply.type('image/png').send(await qrPng(pairingUrl));
  });
}
