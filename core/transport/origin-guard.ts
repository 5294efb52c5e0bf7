import type { FastifyInstance } from 'fastify';
import { RpcCode } from '../errors/json-rpc-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route checks `Origin` itself, against lists of its own (a widget's allowed_domains): the
     * server-wide check below leaves it alone. Only for public routes that hold no shop token.
     */
    checksOrigin?: boolean;
  }
}

/**
 * DNS-rebinding protection (required by the MCP transport spec): a browser always sends Origin,
 * so a request whose Origin is not ours or explicitly allowed is refused before any route runs.
 * Clients that are not browsers send no Origin and pass; so do routes that check Origin themselves.
 */
export function originGuard(app: FastifyInstance, allowed: () => ReadonlySet<string>): void {
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || request.routeOptions.config?.checksOrigin === true || allowed().has(origin))
      return done();
    reply.code(403).send({
      jsonrpc: '2.0',
      id: null,
      error: { code: RpcCode.FORBIDDEN, message: `Forbidden: origin ${origin} is not allowed` },
    });
  });
}
