import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** One JSON-RPC message of a request, as its log line shows it. */
export interface CallSummary {
  /** The method (`unknown` for one the server does not answer, `invalid` for a malformed message). */
  rpc: string;
  /** For tools/call, the tool, when the server has it. */
  tool?: string;
  /** `ok`, `confirmation_required`, a tool's error_code, or the JSON-RPC error code. */
  outcome: string;
}

/** What a route tells its request's log line: the shop that authenticated and the messages answered. */
export interface RequestSummary {
  shop?: number;
  /** The body was a JSON-RPC batch: its messages are listed even when there is one. */
  batch?: boolean;
  calls: CallSummary[];
}

const SUMMARY = Symbol('request summary');
type Summarised = FastifyRequest & { [SUMMARY]?: RequestSummary | null };

/**
 * Gives every request of `app` a slot for its summary. A decoration, not a WeakMap keyed by the
 * request: one entry per request in a WeakMap cost a tools/call ping ~2% of its CPU (the set, and
 * the GC's weak-table work), while a slot the request is built with costs nothing until it is used.
 */
export function summariseRequests(app: FastifyInstance): void {
  app.decorateRequest(SUMMARY as unknown as string, null);
}

/** The request's summary, which routes fill in as they learn the shop and answer messages. */
export function requestSummary(request: FastifyRequest): RequestSummary {
  return ((request as Summarised)[SUMMARY] ??= { calls: [] });
}

/** Polled by orchestrators and Prometheus every few seconds: their successes are logged at debug. */
const PROBES = new Set(['/health', '/ready', '/metrics']);

/**
 * One log line per request, written when the answer has gone out: the request (method, URL with
 * credentials redacted, client address), its id, status, duration, the shop, and for the MCP
 * endpoint the method, tool and outcome of each message. Fastify's own pair of lines (incoming,
 * completed) doubled the log for no more than that, and its "route not found" line printed the
 * URL unredacted.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const summary = (request as Summarised)[SUMMARY];
    const line = {
      req: request,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(summary?.shop !== undefined && { shop: summary.shop }),
      ...(summary && callFields(summary)),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode < 400 && PROBES.has(request.routeOptions.url ?? '')) reply.log.debug(line, 'request');
    else reply.log.info(line, 'request');
  }
}

/** A lone message's fields at the top of the line; a batch's as a list, in order. */
const callFields = ({ batch, calls }: RequestSummary): Partial<CallSummary> | { batch: CallSummary[] } =>
  batch ? { batch: calls } : (calls[0] ?? {});
