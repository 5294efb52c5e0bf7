import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthGuard } from '../auth/auth-guard.js';
import { JsonRpcError, RpcCode } from '../errors/json-rpc-error.js';
import { toJsonRpcError } from '../errors/map-error.js';
import type { SessionNotices } from '../mcp/session-notices.js';
import { errorResponse } from './json-rpc.js';
import type { McpSessions } from './mcp-session.js';
import { isProtocolVersion, PROTOCOL_VERSIONS } from './protocol-version.js';

export interface SessionStreamOptions {
  auth: AuthGuard;
  sessions: McpSessions;
  notices: SessionNotices;
}

/**
 * GET on the MCP endpoint: a session's standing stream, where what belongs to no call arrives
 * (a subscribed resource changed, a confirmation page was answered). Optional, as the transport
 * makes it: without an Mcp-Session-Id there is nothing to address and the answer stays 405.
 */
export async function sessionStreamRoute(app: FastifyInstance, options: SessionStreamOptions): Promise<void> {
  const { auth, sessions, notices } = options;
  for (const url of ['/', '/g/:groups', '/g/:groups/']) app.get(url, (request, reply) => open(request, reply));

  async function open(request: FastifyRequest, reply: FastifyReply) {
    const sessionHeader = request.headers['mcp-session-id'];
    if (typeof sessionHeader !== 'string')
      return refuse(reply, 405, 'Method not allowed: GET opens a session’s stream and needs Mcp-Session-Id', {
        allow: 'POST',
      });
    const version = request.headers['mcp-protocol-version'];
    if (version !== undefined && !isProtocolVersion(version))
      return refuse(
        reply,
        400,
        `Unsupported MCP-Protocol-Version "${String(version)}"; this server speaks ${PROTOCOL_VERSIONS.join(', ')}`,
      );
    if (!request.headers.accept?.includes('text/event-stream'))
      return refuse(reply, 406, 'Not Acceptable: the session’s stream is text/event-stream');
    const session = sessions.open(sessionHeader);
    if (!session) return refuse(reply, 404, 'Unknown Mcp-Session-Id: initialize again');
    let outcome;
    try {
      outcome = await auth.check(request.headers.authorization, request.ip);
    } catch (err) {
      throw toJsonRpcError(err, request.id, request.log);
    }
    if (!outcome.shop) {
      const wait = outcome.status === 429 ? outcome.retryAfterSeconds : undefined;
      return refuse(
        reply,
        outcome.status,
        outcome.message,
        wait ? { 'retry-after': String(wait) } : {},
        outcome.status === 429 ? RpcCode.RATE_LIMITED : RpcCode.UNAUTHORIZED,
      );
    }
    notices.hold(reply, outcome.shop.id, session.key);
  }
}

function refuse(
  reply: FastifyReply,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code: number = RpcCode.INVALID_REQUEST,
) {
  return reply
    .code(status)
    .headers(headers)
    .header('content-type', 'application/json; charset=utf-8')
    .send(errorResponse(null, new JsonRpcError(code, message)));
}
