import type { FastifyInstance } from 'fastify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { SANDBOX_LABEL } from '../../sandbox/sandbox-label.js';

export const SERVICE_NAME = 'switchboard-session-service';

/** No key: load balancers and the main server probe it. */
export async function healthRoute(app: FastifyInstance, { orm }: { orm: MikroORM }): Promise<void> {
  app.get('/health', async (_request, reply) => {
    const label = { service: SERVICE_NAME, engine: SANDBOX_LABEL.engine, sandbox: SANDBOX_LABEL.sandbox };
    try {
      await orm.em.getConnection().execute('select 1');
      return { status: 'ok', database: 'up', ...label };
    } catch {
      return reply.code(503).send({ status: 'degraded', database: 'down', ...label });
    }
  });
}
