import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { ChannelError } from '../../channel/channel-error.js';
import { sendChannelError } from '../../channel/json-error-handler.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySignature } from '../../channel/webhook-signature.js';
import { pairingToWire, sessionToWire } from '../../channel/wire-format.js';
import { pairingInfo } from '../../sandbox/pairing-qr.js';
import { qrUrl, type ServiceDeps } from '../service-deps.js';
import { shopIdForToken } from '../shop-token.js';

const CreateBody = Type.Object(
  {
    label: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    shop_id: Type.Optional(Type.Integer({ minimum: 1, description: 'Only in requests signed by the main server.' })),
  },
  { additionalProperties: false },
);
const bodyValidator = Compile(CreateBody);

/**
 * POST /sessions. Two ways to say which shop: the shop's own API token (Authorization: Bearer,
 * checked against the shops table, so this needs the main server's database), or a request signed
 * by the main server with the shared secret naming shop_id (the main server never holds shops'
 * tokens in clear). The body is read raw because the signature covers its exact bytes.
 */
export async function createSessionRoute(app: FastifyInstance, deps: ServiceDeps): Promise<void> {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post('/sessions', async (request, reply) => {
    const limited = await deps.limits.hitAnonymous(request.ip);
    if (limited) return sendChannelError(reply, limited);
    const raw = typeof request.body === 'string' ? request.body : '';
    const body = parseBody(raw);
    const shopId = await identifyShop(request, raw, body.shop_id);
    if (shopId instanceof ChannelError)
      return sendChannelError(reply, await deps.limits.failedAuth(request.ip, shopId));
    const perShop = await deps.limits.hitKey(`shop:${shopId}`);
    if (perShop) return sendChannelError(reply, perShop);

    const { record, apiKey, pairing } = await deps.sessions.create(shopId, body.label);
    return reply.code(201).send({
      session_key: record.sessionKey,
      api_key: apiKey,
      api_key_notice: 'Shown once: store it now. Only its hash is kept; send it as X-API-Key on every other route.',
      label: record.label ?? null,
      session: sessionToWire(pairing.session),
      pairing: pairingToWire(await pairingInfo(pairing, qrUrl(deps, record.sessionKey))),
    });
  });

  async function identifyShop(
    request: FastifyRequest,
    raw: string,
    claimedShopId: number | undefined,
  ): Promise<number | ChannelError> {
    if (request.headers[SIGNATURE_HEADER] !== undefined) {
      if (!deps.config.sharedSecret)
        return new ChannelError(
          'unauthorized',
          'signed requests are not enabled on this service (no shared secret configured)',
        );
      const check = verifySignature({
        secret: deps.config.sharedSecret,
        body: raw,
        timestamp: request.headers[TIMESTAMP_HEADER],
        signature: request.headers[SIGNATURE_HEADER],
        toleranceSeconds: deps.config.signatureToleranceSeconds,
      });
      if (!check.ok) return new ChannelError('unauthorized', 'invalid request signature', { reason: check.reason });
      if (claimedShopId === undefined)
        throw new ChannelError('invalid_request', 'a signed request must name shop_id', { field: 'shop_id' });
      return claimedShopId;
    }
    const shopId = await shopIdForToken(deps.orm, request.headers.authorization);
    if (shopId === null)
      return new ChannelError(
        'unauthorized',
        'invalid or missing shop API token: send Authorization: Bearer <API_TOKEN>',
      );
    if (claimedShopId !== undefined && claimedShopId !== shopId) {
      throw new ChannelError(
        'invalid_request',
        'shop_id is only accepted in requests signed by the main server; the token already names your shop',
        { field: 'shop_id' },
      );
    }
    return shopId;
  }
}

function parseBody(raw: string): { label?: string; shop_id?: number } {
  let body: unknown = {};
  if (raw.trim() !== '') {
    try {
      body = JSON.parse(raw);
    } catch {
      throw new ChannelError('invalid_request', 'the body is not valid JSON');
    }
  }
  if (!bodyValidator.Check(body)) {
    const errors = bodyValidator
      .Errors(body)
      .map((e) => `${e.instancePath.replace(/^\//, '') || '(body)'} ${e.message}`);
    throw new ChannelError('invalid_request', `invalid request: ${errors.join('; ')}`);
  }
  return body;
}
