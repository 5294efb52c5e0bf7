import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthGuard } from '../auth/auth-guard.js';
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
import {
  BASE_PROTOCOL_VERSION,
  isProtocolVersion,
  PROTOCOL_VERSIONS,
  type ProtocolVersion,
} from './protocol-version.js';
import type { RequestLimiter } from '../limits/request-limiter.js';
import { CallStream } from './call-stream.js';
import { DEFAULT_LOG_LEVEL, type LogLevel } from '../mcp/log-level.js';
import type { Metrics } from '../metrics/metrics.js';
import { MAIN_TOKEN, narrowTo, type TokenGrant } from '../auth/token-grant.js';

export interface McpRouteOptions {
  methods: McpMethods;
  auth: AuthGuard;
  /** Requests per shop. */
  perShop: RequestLimiter;
  /** The most messages one batch may hold (server.maxBatchLength). */
  maxBatchLength: number;
  metrics: Metrics;
  /** The enabled groups: what a group-subset URL (/g/a,b/) may name. */
  groups: ReadonlySet<string>;
}

/**
 * The single MCP endpoint. HTTP concerns end here: the methods below receive a classified request
 * and an authenticated shop, and return serialized results.
 */
export async function mcpRoute(app: FastifyInstance, options: McpRouteOptions): Promise<void> {
  const { methods, auth, maxBatchLength, metrics, perShop, groups } = options;
  // A label per method the server knows: a client inventing names must not grow the series.
  const count = (method: string, status: number | 'ok') =>
    metrics.rpcRequests.inc({ method: methods.knows(method) ? method : 'unknown', status: String(status) });

  // The raw string reaches the handler so that malformed JSON is answered as JSON-RPC -32700.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  for (const url of ['/', '/g/:groups', '/g/:groups/'])
    app.route({
      method: ['GET', 'PUT', 'DELETE', 'PATCH'],
      url,
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

  app.post('/', (request, reply) => handle(request, reply, null));
  // A client that loads only some groups' tools (clients cap how many tools they load) mounts
  // /g/<group>,<group>/ instead of /: the same endpoint, seeing and calling only those groups.
  const subsetRoute = async (request: FastifyRequest<{ Params: { groups: string } }>, reply: FastifyReply) => {
    const named = request.params.groups.split(',').filter(Boolean);
    const unknown = named.filter((group) => !groups.has(group));
    if (named.length === 0 || unknown.length > 0)
      return sendRaw(
        reply,
        404,
        errorResponse(
          null,
          new JsonRpcError(
            RpcCode.INVALID_REQUEST,
            `Unknown group${unknown.length === 1 ? '' : 's'} in the URL: ${unknown.join(', ') || '(none named)'}; enabled groups: ${[...groups].join(', ')}`,
          ),
        ),
      );
    return handle(request, reply, new Set(named));
  };
  app.post('/g/:groups', subsetRoute);
  app.post('/g/:groups/', subsetRoute);

  async function handle(request: FastifyRequest, reply: FastifyReply, subset: ReadonlySet<string> | null) {
    const header = request.headers['mcp-protocol-version'];
    if (header !== undefined && !isProtocolVersion(header))
      return refuseBody(
        reply,
        `Unsupported MCP-Protocol-Version "${String(header)}"; this server speaks ${PROTOCOL_VERSIONS.join(', ')}`,
      );
    const version: ProtocolVersion = header ?? BASE_PROTOCOL_VERSION;
    let body: unknown;
    try {
      body = JSON.parse(request.body as string);
    } catch {
      return refuseBody(reply, 'Parse error: the body is not valid JSON', RpcCode.PARSE_ERROR);
    }
    const batch = Array.isArray(body);
    const messages: unknown[] = Array.isArray(body) ? body : [body];
    if (batch && messages.length === 0) return refuseBody(reply, 'Invalid Request: empty batch');
    // Checked before anything else is done per element, so a long batch costs one small answer.
    if (messages.length > maxBatchLength)
      return refuseBody(
        reply,
        `Invalid Request: a batch holds at most ${maxBatchLength} messages; this one holds ${messages.length}`,
      );
    const items: Classified[] = messages.map((message) => {
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
    if (batch && items.every((i) => i.kind === 'invalid'))
      return refuseBody(reply, 'Invalid Request: no element of the batch is a valid JSON-RPC message');

    let shop: ShopContext | null = null;
    let logLevel: LogLevel = DEFAULT_LOG_LEVEL;
    let grant: TokenGrant = narrowTo(MAIN_TOKEN, subset);
    const needsAuth = items.some((i) => i.kind === 'request' && i.method !== 'initialize');
    if (needsAuth) {
      let outcome;
      try {
        outcome = await auth.check(request.headers.authorization, request.ip);
      } catch (err) {
        throw toJsonRpcError(err, request.id, request.log);
      }
      if (!outcome.shop) {
        const code = outcome.status === 429 ? RpcCode.RATE_LIMITED : RpcCode.UNAUTHORIZED;
        const wait = outcome.status === 429 ? outcome.retryAfterSeconds : undefined;
        for (const item of items) if (item.kind === 'request') count(item.method, code);
        return rejectAll(reply, items, batch, outcome.status, code, outcome.message, wait);
      }
      shop = outcome.shop;
      logLevel = outcome.logLevel;
      grant = narrowTo(outcome.grant, subset);
    }

    // Notifications (progress, log messages) need a stream: only a lone request gets one, and only
    // from a client that reads them. A batch is answered as plain JSON, without them.
    const stream =
      !batch && items[0]!.kind === 'request' && acceptsEventStream(request.headers.accept)
        ? new CallStream(reply, progressTokenOf(items[0]!.params), logLevel)
        : undefined;
    // Sequential on purpose: one client's batch is one conversation, and order is what it expects.
    // Every request counts against the shop's budget, a batch's one by one: those past it are
    // answered with the rate-limit error and the rest of the batch still runs.
    const responses: RawJson[] = [];
    let refusedFor = 0;
    for (const item of items) {
      if (item.kind === 'silent') continue;
      if (item.kind === 'invalid') {
        count('invalid', item.error.code);
        responses.push(errorResponse(item.id, item.error));
        continue;
      }
      const wait = shop ? await perShop.hit(String(shop.id)) : 0;
      if (wait) {
        refusedFor = wait;
        count(item.method, RpcCode.RATE_LIMITED);
        responses.push(errorResponse(item.id, rateLimited(wait)));
        continue;
      }
      responses.push(await answer(item, shop, grant, request, version, stream));
    }
    if (stream?.started) return stream.end(responses[0]!);
    if (refusedFor) reply.header('retry-after', String(refusedFor));
    if (responses.length === 0) return reply.code(202).send();
    const single = items.length === 1 && !batch ? items[0]! : undefined;
    const status = single?.kind === 'invalid' ? 400 : single && refusedFor ? 429 : 200;
    return sendRaw(reply, status, batch ? batchResponse(responses) : responses[0]!);
  }

  async function answer(
    item: RpcRequest,
    shop: ShopContext | null,
    grant: TokenGrant,
    request: FastifyRequest,
    version: ProtocolVersion,
    stream: CallStream | undefined,
  ): Promise<RawJson> {
    try {
      const result = resultResponse(item.id, await methods.handle(item, shop, grant, request.id, version, stream));
      count(item.method, 'ok');
      return result;
    } catch (err) {
      const error = toJsonRpcError(err, request.id, request.log);
      count(item.method, error.code);
      return errorResponse(item.id, error);
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

const acceptsEventStream = (accept: string | undefined) => accept !== undefined && accept.includes('text/event-stream');

const progressTokenOf = (params: Record<string, unknown>): string | number | undefined => {
  const token = (params._meta as { progressToken?: unknown } | undefined)?.progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
};

const rateLimited = (wait: number) =>
  new JsonRpcError(RpcCode.RATE_LIMITED, `Rate limit exceeded; retry in ${wait} s`, { retry_after_seconds: wait });

/** A request that cannot be processed at all: HTTP 400 with one error, whatever the body held. */
function refuseBody(reply: FastifyReply, message: string, code: number = RpcCode.INVALID_REQUEST) {
  return sendRaw(reply, 400, errorResponse(null, new JsonRpcError(code, message)));
}

function sendRaw(reply: FastifyReply, status: number, json: RawJson) {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(json);
}
