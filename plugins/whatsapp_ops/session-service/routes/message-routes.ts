import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { ChannelError } from '../../channel/channel-error.js';
import { mediaFromWire } from '../../channel/wire-format.js';
import { phoneNumber } from '../../channel/phone-number.js';
import { checkWireMedia, MAX_IDEMPOTENCY_KEY_LENGTH } from '../../sandbox/message-content.js';
import type { ServiceDeps } from '../service-deps.js';
import { SessionParams } from './session-routes.js';

const SendBody = Type.Object(
  {
    to: Type.String({ minLength: 1, maxLength: 32, description: 'Recipient, E.164.' }),
    // Content is checked by the engine, so a bad message is invalid_message on every path.
    text: Type.Optional(Type.String()),
    media: Type.Optional(Type.Unknown()),
    idempotency_key: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH })),
  },
  { additionalProperties: false },
);

const ListQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    offset: Type.Integer({ minimum: 0, default: 0 }),
    direction: Type.Optional(Type.Union([Type.Literal('outbound'), Type.Literal('inbound')])),
  },
  { additionalProperties: false },
);

/**
 * Sending and the message log. A send needs an idempotency key (body `idempotency_key` or header
 * `Idempotency-Key`): a repeat with the same key answers 200 with the first message instead of
 * sending again, whatever happened in between.
 */
export async function messageRoutes(app: FastifyInstance, deps: ServiceDeps): Promise<void> {
  app.post<{ Params: { key: string }; Body: Static<typeof SendBody> }>(
    '/sessions/:key/messages',
    { schema: { params: SessionParams, body: SendBody } },
    async (request, reply) => {
      const { text, media, idempotency_key } = request.body;
      const to = phoneNumber(request.body.to, 'to', 'invalid_recipient');
      const header = request.headers['idempotency-key'];
      const headerKey = typeof header === 'string' ? header : undefined;
      if (headerKey !== undefined && idempotency_key !== undefined && headerKey !== idempotency_key) {
        throw new ChannelError('invalid_request', 'the Idempotency-Key header and idempotency_key in the body differ', {
          field: 'idempotency_key',
        });
      }
      const idempotencyKey = idempotency_key ?? headerKey;
      if (idempotencyKey === undefined) {
        throw new ChannelError(
          'invalid_request',
          'an idempotency key is required: send idempotency_key in the body or an Idempotency-Key header',
          { field: 'idempotency_key' },
        );
      }
      const result = await deps.engine.send({
        sessionKey: request.params.key,
        to,
        text,
        media: media == null ? undefined : mediaFromWire(checkWireMedia(media)),
        idempotencyKey,
      });
      return reply.code(result.duplicate ? 200 : 201).send({
        message: {
          provider_message_id: result.providerMessageId,
          status: result.status,
          to,
          sent_at: result.sentAt.toISOString(),
          idempotency_key: idempotencyKey,
        },
        duplicate: result.duplicate,
        sandbox: deps.engine.label.sandbox,
      });
    },
  );

  app.get<{ Params: { key: string }; Querystring: Static<typeof ListQuery> }>(
    '/sessions/:key/messages',
    { schema: { params: SessionParams, querystring: ListQuery } },
    async (request) => {
      const { limit, offset, direction } = request.query;
      const { items, count } = await deps.engine.listMessages(request.params.key, { limit, offset, direction });
      return {
        messages: items,
        count,
        limit,
        offset,
        has_more: offset + items.length < count,
        sandbox: deps.engine.label.sandbox,
      };
    },
  );
}
