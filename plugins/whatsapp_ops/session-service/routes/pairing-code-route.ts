import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { ChannelError } from '../../channel/channel-error.js';
import { sessionToWire } from '../../channel/wire-format.js';
import type { ServiceDeps } from '../service-deps.js';
import { SessionParams } from './session-routes.js';

const Body = Type.Object(
  { phone: Type.String({ minLength: 1, maxLength: 32, description: 'The number being paired, E.164.' }) },
  { additionalProperties: false },
);

/**
 * POST /sessions/:key/pairing-code: pairing without a camera. The answer's code is typed on the
 * phone that owns `phone` (WhatsApp › Linked devices › Link with phone number instead); the
 * session then connects as after a scanned QR. Only while the session awaits pairing.
 */
export async function pairingCodeRoute(app: FastifyInstance, deps: ServiceDeps): Promise<void> {
  app.post<{ Params: { key: string }; Body: Static<typeof Body> }>(
    '/sessions/:key/pairing-code',
    { schema: { params: SessionParams, body: Body } },
    async (request) => {
      const { engine } = deps;
      if (!engine.requestPairingCode)
        throw new ChannelError(
          'invalid_request',
          `the ${engine.label.engine} engine pairs through its pairing link and QR only; pairing codes need the baileys engine`,
        );
      const { code, session } = await engine.requestPairingCode(request.params.key, request.body.phone);
      return {
        session_key: request.params.key,
        pairing_code: code,
        instructions:
          'On the phone: WhatsApp › Linked devices › Link a device › Link with phone number instead, then type this code.',
        session: sessionToWire(session),
      };
    },
  );
}
