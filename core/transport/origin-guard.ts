import type { FastifyInstance } from 'fastify';
import { RpcCode } from '../errors/json-rpc-error.js';

/**
 * DNS-rebinding protection (required by the MCP transport spec): a browser always sends Origin,
 * so a request whose Origin is not ours or explicitly allowed is refused before any route runs.
 * Clients that are not browsers send no Origin and pass.
 */
export function originGuard(app: FastifyInstance, allowed: () => ReadonlySet<string>): void {
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || allowed().has(origin)) return done();
    reply.code(403).send({
      jsonrpc: '2.0',
      id: null,
      error: { code: RpcCode.FORBIDDEN, message: `Forbidden: origin ${origin} is not allowed` },
    });
  });
}
