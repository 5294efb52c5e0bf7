import type { FastifyInstance } from 'fastify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { SessionEngine } from '../session-engine.js';

export const SERVICE_NAME = 'switchboard-session-service';

/** No key: load balancers and the main server probe it. */
export async function healthRoute(
  app: FastifyInstance,
  { orm, engine }: { orm: MikroORM; engine: SessionEngine },
): Promise<void> {
  app.get('/health', async (_request, reply) => {
    const label = { service: SERVICE_NAME, engine: engine.label.engine, sandbox: engine.label.sandbox };
    try {
      await orm.em.getConnection().execute('select 1');
      return { status: 'ok', database: 'up', ...label };
    } catch {
      return reply.code(503).send({ status: 'degraded', database: 'down', ...label });
    }
  });
}
