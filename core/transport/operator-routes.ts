import { timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';
import { SERVER_NAME } from '../version.js';
import { PROTOCOL_VERSIONS } from './protocol-version.js';

export interface OperatorRoutesOptions {
  /** Migrations the database lacks; counted without the migrator, which a probe never needs loaded. */
  pendingMigrations: () => Promise<number>;
  metrics: Metrics;
  access: { enabled: boolean; allowFrom: readonly string[]; token?: string };
}

/**
 * What an operator's probes and scrapers read, without a shop token. /health: the process answers
 * (liveness; a database outage must not get the process restarted). /ready: the database answers
 * and every migration is applied (readiness: route traffic here). /metrics: Prometheus text,
 * restricted by config to some addresses and/or a bearer token.
 */
export async function operatorRoutes(app: FastifyInstance, options: OperatorRoutesOptions): Promise<void> {
  const { pendingMigrations, metrics, access } = options;
  const allowed = access.allowFrom.map((range) => ipaddr.parseCIDR(range.includes('/') ? range : hostRange(range)));

  app.get('/health', async () => ({ status: 'ok', server: SERVER_NAME, protocolVersions: PROTOCOL_VERSIONS }));

  app.get('/ready', async (_req, reply) => {
    let pending: number;
    try {
      // Its statements are the database check too.
      pending = await pendingMigrations();
    } catch {
      return reply.code(503).send({ status: 'not_ready', database: 'down' });
    }
    if (pending > 0) return reply.code(503).send({ status: 'not_ready', database: 'up', pending_migrations: pending });
    return { status: 'ready', database: 'up', pending_migrations: 0 };
  });

  if (!access.enabled) return;
  app.get('/metrics', async (request, reply) => {
    if (allowed.length > 0 && !fromAllowedAddress(request, allowed))
      return reply.code(403).send({ error: 'metrics are not served to this address' });
    if (access.token !== undefined && !bearerMatches(request.headers.authorization, access.token))
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'metrics need the metrics token' });
    const { contentType, body } = await metrics.render();
    return reply.header('content-type', contentType).send(body);
  });
}

function hostRange(address: string): string {
  return `${address}/${ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128}`;
}

function fromAllowedAddress(request: FastifyRequest, ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][]): boolean {
  // process(): an IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const address = ipaddr.process(request.ip);
  return ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
