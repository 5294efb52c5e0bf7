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
import type { CallNote, McpMethods } from './mcp-methods.js';
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
import { requestSummary, type CallSummary } from '../logging/request-log.js';
import { declaredCapabilities, type McpSession, type McpSessions } from './mcp-session.js';
import { routeKey, type ClientMessageRouter } from './client-message-router.js';
import type { SessionNotices } from '../mcp/session-notices.js';

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
  sessions: McpSessions;
  /** Brings a client's answers and cancellations to the call they concern, on whichever process runs it. */
  router: ClientMessageRouter;
  /** Deadlines of requests to the client (elicitation: a person; sampling: a model). */
  elicitationTimeoutMs: number;
  samplingTimeoutMs: number;
  notices: SessionNotices;
}

/**
 * The single MCP endpoint. HTTP concerns end here: the methods below receive a classified request
 * and an authenticated shop, and return serialized results.
 */
export async function mcpRoute(app: FastifyInstance, options: McpRouteOptions): Promise<void> {
  const { methods, auth, maxBatchLength, metrics, perShop, groups, sessions, router } = options;
  /**
   * Counts a message's answer and lists it for the request's log line, under a label per method the
   * server knows: a client inventing names must not grow the series or fill the log. `method` is
   * null for a message that is not valid JSON-RPC.
   */
  const settle = (calls: CallSummary[], method: string | null, status: number | 'ok', note: CallNote = {}) => {
    const known = method !== null && methods.knows(method) ? method : 'unknown';
    metrics.rpcRequests.inc({ method: known, status: String(status) });
    calls.push({
      rpc: method === null ? 'invalid' : known,
      ...(note.tool !== undefined && { tool: note.tool }),
      outcome: note.outcome ?? String(status),
    });
  };

  // The raw string reaches the handler so that malformed JSON is answered as JSON-RPC -32700.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  for (const url of ['/', '/g/:groups', '/g/:groups/'])
    app.route({
      method: ['PUT', 'DELETE', 'PATCH'],
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
    const sessionHeader = request.headers['mcp-session-id'];
    let session: McpSession | null = null;
    if (typeof sessionHeader === 'string') {
      session = sessions.open(sessionHeader);
      // As for a session that ended: the client starts a new one with initialize.
      if (!session)
        return sendRaw(
          reply,
          404,
          errorResponse(null, new JsonRpcError(RpcCode.INVALID_REQUEST, 'Unknown Mcp-Session-Id: initialize again')),
        );
    }
    let body: unknown;
    try {
      body = JSON.parse(request.body as string);
    } catch {
      return refuseBody(reply, 'Parse error: the body is not valid JSON', RpcCode.PARSE_ERROR);
    }
    const batch = Array.isArray(body);
    const summary = requestSummary(request);
    summary.batch = batch;
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

    let shop: ShopContext | null = null;
    let logLevel: LogLevel = DEFAULT_LOG_LEVEL;
    let grant: TokenGrant = narrowTo(MAIN_TOKEN, subset);
    // A client's answers and cancellations reach a call only through its session, and only its own shop's.
    const routed = session ? items.filter((i) => i.kind === 'silent' && routable(i.message)) : [];
    const needsAuth = routed.length > 0 || items.some((i) => i.kind === 'request' && i.method !== 'initialize');
    if (needsAuth) {
      let outcome;
      try {
        // A cached token is answered synchronously: no promise to wait on for it.
        const checked = auth.check(request.headers.authorization, request.ip);
        outcome = checked instanceof Promise ? await checked : checked;
      } catch (err) {
        throw toJsonRpcError(err, request.id, request.log);
      }
      if (!outcome.shop) {
        const code = outcome.status === 429 ? RpcCode.RATE_LIMITED : RpcCode.UNAUTHORIZED;
        const wait = outcome.status === 429 ? outcome.retryAfterSeconds : undefined;
        for (const item of items)
          if (item.kind !== 'silent') settle(summary.calls, item.kind === 'request' ? item.method : null, code);
        return rejectAll(reply, items, batch, outcome.status, code, outcome.message, wait);
      }
      shop = outcome.shop;
      summary.shop = shop.id;
      logLevel = outcome.logLevel;
      grant = narrowTo(outcome.grant, subset);
    }

    for (const item of routed) {
      const message = (item as { message: Record<string, unknown> }).message;
      const cancelled = message.method === 'notifications/cancelled';
      const id = cancelled ? (message.params as { requestId: string | number }).requestId : (message.id as string);
      await router.deliver(routeKey(shop!.id, session!.key, cancelled ? 'cancel' : 'answer', id), message);
    }

    // Notifications (progress, log messages) and requests to the client need a stream: only a lone
    // request gets one, and only from a client that reads them. A batch is answered as plain JSON,
    // without them.
    const first = items[0]!;
    const stream =
      !batch && first.kind === 'request' && acceptsEventStream(request.headers.accept)
        ? new CallStream(
            reply,
            progressTokenOf(first.params),
            logLevel,
            session && shop
              ? {
                  shopId: shop.id,
                  session,
                  router,
                  elicitationTimeoutMs: options.elicitationTimeoutMs,
                  samplingTimeoutMs: options.samplingTimeoutMs,
                  notices: options.notices,
                }
              : undefined,
          )
        : undefined;
    // The client may cancel the call (notifications/cancelled, POSTed to any process): the
    // requests it is waiting on are given up.
    const stopWaiting =
      stream && session && shop && first.kind === 'request'
        ? router.wait(routeKey(shop.id, session.key, 'cancel', first.id), () =>
            stream.cancel('the client cancelled the call'),
          )
        : undefined;
    // Sequential on purpose: one client's batch is one conversation, and order is what it expects.
    // Every request counts against the shop's budget, a batch's one by one: those past it are
    // answered with the rate-limit error and the rest of the batch still runs.
    const responses: RawJson[] = [];
    let refusedFor = 0;
    for (const item of items) {
      if (item.kind === 'silent') continue;
      if (item.kind === 'invalid') {
        settle(summary.calls, null, item.error.code);
        responses.push(errorResponse(item.id, item.error));
        continue;
      }
      const wait = shop ? await perShop.hit(String(shop.id)) : 0;
      if (wait) {
        refusedFor = wait;
        settle(summary.calls, item.method, RpcCode.RATE_LIMITED);
        responses.push(errorResponse(item.id, rateLimited(wait)));
        continue;
      }
      responses.push(await answer(item, shop, grant, request, version, stream, summary.calls, session?.key));
    }
    stopWaiting?.();
    // A client that can be asked things gets a session at initialize: the session carries what it
    // declared to every later request, on any process.
    if (!batch && first.kind === 'request' && first.method === 'initialize' && summary.calls[0]?.outcome === 'ok') {
      const declared = declaredCapabilities(first.params.capabilities);
      reply.header('mcp-session-id', sessions.issue(declared).id);
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
    calls: CallSummary[],
    sessionKey: string | undefined,
  ): Promise<RawJson> {
    const note: CallNote = {};
    try {
      const raw = await methods.handle(item, shop, grant, request.id, version, stream, note, sessionKey);
      settle(calls, item.method, 'ok', note);
      return resultResponse(item.id, raw);
    } catch (err) {
      const error = toJsonRpcError(err, request.id, request.log);
      settle(calls, item.method, error.code);
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

/** A client's answer to a server request, or its cancellation of one of its calls. */
const routable = (message: Record<string, unknown>) =>
  message.method === undefined
    ? typeof message.id === 'string'
    : message.method === 'notifications/cancelled' &&
      ['string', 'number'].includes(typeof (message.params as { requestId?: unknown } | undefined)?.requestId);

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
