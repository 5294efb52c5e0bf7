import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { ChannelError } from '../channel/channel-error.js';
import { jsonErrorHandler, sendChannelError } from '../channel/json-error-handler.js';
import { mediaFromWire } from '../channel/wire-format.js';
import { checkWireMedia } from './message-content.js';
import type { SandboxEngine } from './sandbox-engine.js';
import { messageToWire } from './sandbox-views.js';

/** The host decides who may drive a session: the main server by shop token, the session service by API key. */
export type SandboxAuthorize = (request: FastifyRequest, sessionKey: string) => Promise<ChannelError | null>;

export interface SandboxControlOptions {
  engine: SandboxEngine;
  authorize: SandboxAuthorize;
}

const Params = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }) });

const InboundBody = Type.Object(
  {
    from: Type.String({ minLength: 1, maxLength: 32, description: 'The customer, E.164.' }),
    // Content is checked by the engine, so a bad message is invalid_message on every path.
    text: Type.Optional(Type.String()),
    media: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

const ReceiptBody = Type.Object(
  {
    provider_message_id: Type.String({ minLength: 1, maxLength: 64 }),
    status: Type.Union([Type.Literal('delivered'), Type.Literal('read'), Type.Literal('failed')]),
    error: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  },
  { additionalProperties: false },
);

/**
 * Test controls of the simulated network, so replies, opt-outs and failures can be exercised end
 * to end: inject a customer's message, or force a receipt. Mount them only where the sandbox
 * engine is the channel: on a real network they would forge traffic.
 */
export async function sandboxControlRoutes(
  app: FastifyInstance,
  { engine, authorize }: SandboxControlOptions,
): Promise<void> {
  app.setErrorHandler(jsonErrorHandler);
  app.addHook('onRequest', async (request, reply) => {
    const denied = await authorize(request, (request.params as { key: string }).key);
    if (denied) return sendChannelError(reply, denied);
  });

  app.post<{ Params: { key: string }; Body: Static<typeof InboundBody> }>(
    '/sandbox/sessions/:key/inbound',
    { schema: { params: Params, body: InboundBody } },
    async (request, reply) => {
      const { from, text, media } = request.body;
      const message = await engine.injectInbound({
        sessionKey: request.params.key,
        from,
        text,
        media: media == null ? undefined : mediaFromWire(checkWireMedia(media)),
      });
      return reply.code(201).send({ message });
    },
  );

  app.post<{ Params: { key: string }; Body: Static<typeof ReceiptBody> }>(
    '/sandbox/sessions/:key/receipts',
    { schema: { params: Params, body: ReceiptBody } },
    async (request) => {
      const { provider_message_id, status, error } = request.body;
      const message = await engine.injectReceipt({
        sessionKey: request.params.key,
        providerMessageId: provider_message_id,
        status,
        error,
      });
      return { message: messageToWire(message) };
    },
  );
}
