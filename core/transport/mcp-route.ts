import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authenticator.js';
import type { ShopContext } from '../plugin/plugin-types.js';
import { JsonRpcError, RpcCode } from '../errors/json-rpc-error.js';
import { toJsonRpcError } from '../errors/map-error.js';
import {
  batchResponse,
  classify,
  errorResponse,
  resultResponse,
  type Classified,
  type RawJson,
  type RpcRequest,
} from './json-rpc.js';
import type { McpMethods } from './mcp-methods.js';
import { PROTOCOL_VERSION } from './mcp-methods.js';
import { FixedWindowLimiter } from './rate-limiter.js';

export interface McpRouteOptions {
  methods: McpMethods;
  authenticator: Authenticator;
  requestsPerWindow: number;
  failedAttemptsPerWindow: number;
  windowSeconds: number;
}

const UNAUTHORIZED = 'Unauthorized: invalid or missing Bearer token';

/**
 * The single MCP endpoint. HTTP concerns end here: the methods below receive a classified request
 * and an authenticated shop, and return serialized results.
 */
export async function mcpRoute(app: FastifyInstance, options: McpRouteOptions): Promise<void> {
  const { methods, authenticator } = options;
  const windowMs = options.windowSeconds * 1000;
  const perShop = new FixedWindowLimiter(options.requestsPerWindow, windowMs);
  const failedAuth = new FixedWindowLimiter(options.failedAttemptsPerWindow, windowMs);

  // The raw string reaches the handler so that malformed JSON is answered as JSON-RPC -32700.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.route({
    method: ['GET', 'PUT', 'DELETE', 'PATCH'],
    url: '/',
    handler: (_req, reply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send({
          jsonrpc: '2.0',
          id: null,
          error: { code: RpcCode.INVALID_REQUEST, message: 'Method not allowed: use POST' },
        }),
  });

  app.post('/', async (request, reply) => {
    const version = request.headers['mcp-protocol-version'];
    if (version !== undefined && version !== PROTOCOL_VERSION) {
      return sendRaw(
        reply,
        400,
        errorResponse(
          null,
          new JsonRpcError(
            RpcCode.INVALID_REQUEST,
            `Unsupported MCP-Protocol-Version "${version}"; this server speaks ${PROTOCOL_VERSION}`,
          ),
        ),
      );
    }
    let body: any;
    try {
      body = JSON.parse(request.body as string);
    } catch {
      return sendRaw(
        reply,
        400,
        errorResponse(null, new JsonRpcError(RpcCode.PARSE_ERROR, 'Parse error: the body is not valid JSON')),
      );
    }
    const batch = Array.isArray(body);
    if (batch && body.length === 0) {
      return sendRaw(
        reply,
        400,
        errorResponse(null, new JsonRpcError(RpcCode.INVALID_REQUEST, 'Invalid Request: empty batch')),
      );
    }
    const items: Classified[] = (batch ? body : [body]).map((message: unknown) => {
      const item = classify(message);
      if (batch && item.kind === 'request' && item.method === 'initialize') {
        return {
          kind: 'invalid',
          id: item.id,
          error: new JsonRpcError(RpcCode.INVALID_REQUEST, 'Invalid Request: initialize cannot be part of a batch'),
        };
      }
      return item;
    });

    let shop: ShopContext | null = null;
    const needsAuth = items.some((i) => i.kind === 'request' && i.method !== 'initialize');
    if (needsAuth) {
      const ip = request.ip;
      const wait = failedAuth.blocked(ip);
      if (wait)
        return rejectAll(
          reply,
          items,
          batch,
          429,
          RpcCode.RATE_LIMITED,
          `Too many failed authentication attempts; retry in ${wait} s`,
          wait,
        );
      try {
        shop = await authenticator.authenticate(request.headers.authorization);
      } catch (err) {
        throw toJsonRpcError(err, request.id, request.log);
      }
      if (!shop) {
        failedAuth.hit(ip);
        return rejectAll(reply, items, batch, 401, RpcCode.UNAUTHORIZED, UNAUTHORIZED);
      }
      const retry = perShop.hit(`shop:${shop.id}`);
      if (retry)
        return rejectAll(
          reply,
          items,
          batch,
          429,
          RpcCode.RATE_LIMITED,
          `Rate limit exceeded; retry in ${retry} s`,
          retry,
        );
    }

    // Sequential on purpose: one client's batch is one conversation, and order is what it expects.
    const responses: RawJson[] = [];
    for (const item of items) {
      if (item.kind === 'silent') continue;
      if (item.kind === 'invalid') {
        responses.push(errorResponse(item.id, item.error));
        continue;
      }
      responses.push(await answer(item, shop, request));
    }
    if (responses.length === 0) return reply.code(202).send();
    const single = items.length === 1 && !batch ? items[0]! : undefined;
    const status = single?.kind === 'invalid' ? 400 : 200;
    return sendRaw(reply, status, batch ? batchResponse(responses) : responses[0]!);
  });

  async function answer(item: RpcRequest, shop: ShopContext | null, request: FastifyRequest): Promise<RawJson> {
    try {
      return resultResponse(item.id, await methods.handle(item, shop, request.id));
    } catch (err) {
      return errorResponse(item.id, toJsonRpcError(err, request.id, request.log));
    }
  }
}

function rejectAll(
  reply: FastifyReply,
  items: Classified[],
  batch: boolean,
  status: number,
  code: number,
  message: string,
  retryAfter?: number,
) {
  if (retryAfter) reply.header('retry-after', String(retryAfter));
  const error = new JsonRpcError(code, message, retryAfter ? { retry_after_seconds: retryAfter } : undefined);
  const responses = items
    .map((i) =>
      i.kind === 'invalid' ? errorResponse(i.id, i.error) : i.kind === 'request' ? errorResponse(i.id, error) : null,
    )
    .filter((r): r is string => r !== null);
  return sendRaw(reply, status, batch ? batchResponse(responses) : (responses[0] ?? errorResponse(null, error)));
}

function sendRaw(reply: FastifyReply, status: number, json: RawJson) {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(json);
}
