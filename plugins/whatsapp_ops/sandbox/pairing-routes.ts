import { escapeHtml } from '../../../core/index.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { sessionToWire } from '../channel/wire-format.js';
import { jsonErrorHandler } from '../channel/json-error-handler.js';
import type { SandboxEngine } from './sandbox-engine.js';
import { qrPng } from './pairing-qr.js';
import { SANDBOX_LABEL } from './sandbox-label.js';

export interface PairingRoutesOptions {
  engine: SandboxEngine;
}

const Params = Type.Object({ token: Type.String({ minLength: 1, maxLength: 64 }) });
const Query = Type.Object(
  { phone: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })) },
  { additionalProperties: false },
);

/**
 * What "scanning" means in the sandbox: opening the pairing link pairs the session. It is a GET on
 * purpose, because a QR code can only carry a link. `?phone=+34…` chooses the line's number.
 * Served by whichever app hosts the engine.
 */
export async function sandboxPairingRoutes(app: FastifyInstance, { engine }: PairingRoutesOptions): Promise<void> {
  app.setErrorHandler(jsonErrorHandler);

  app.get<{ Params: { token: string }; Querystring: { phone?: string } }>(
    '/sandbox/pair/:token',
    { schema: { params: Params, querystring: Query } },
    async (request, reply) => {
      const result = await engine.pair(request.params.token, request.query.phone);
      if (!result) {
        return answer(
          request,
          reply,
          404,
          { error: 'this pairing link is unknown or no longer valid', code: 'pairing_link_invalid', ...SANDBOX_LABEL },
          'This pairing link is unknown or no longer valid. Ask for a new QR code.',
        );
      }
      const session = sessionToWire(result.session);
      const text =
        result.outcome === 'paired'
          ? `Session paired. Line number: ${session.phone}.`
          : `This session is already paired (line ${session.phone}).`;
      return answer(request, reply, 200, { paired: true, outcome: result.outcome, session }, text);
    },
  );

  app.get<{ Params: { token: string } }>(
    '/sandbox/pair/:token/qr',
    { schema: { params: Params } },
    async (request, reply) => {
      if (!(await engine.awaitingPairing(request.params.token))) {
        return reply
          .code(404)
          .send({ error: 'this pairing link is unknown or no longer valid', code: 'pairing_link_invalid' });
      }
      return reply
        .header('cache-control', 'no-store')
        .type('image/png')
        .send(await qrPng(engine.pairingUrl(request.params.token)));
    },
  );
}

/** A person opening the link on a phone gets a page; a client asking for JSON gets JSON. */
function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  json: Record<string, unknown>,
  text: string,
) {
  reply.code(status).header('cache-control', 'no-store');
  if (request.headers.accept?.includes('application/json')) return reply.send(json);
  return reply.type('text/html; charset=utf-8').send(page(text));
}

const page = (text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>Sandbox pairing</title></head><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">` +
  `<p style="display:inline-block; padding: .2rem .6rem; border-radius: .3rem; background: #fde68a; font-weight: 600">SANDBOX</p>` +
  `<h1>${escapeHtml(text)}</h1><p>${escapeHtml(SANDBOX_LABEL.notice)}</p></body></html>`;
