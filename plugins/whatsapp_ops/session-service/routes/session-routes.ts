import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { pairingToWire, sessionToWire } from '../../channel/wire-format.js';
import { pairingInfo } from '../../sandbox/pairing-qr.js';
import { qrUrl, type ServiceDeps } from '../service-deps.js';

export const SessionParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }) });

/** A session's own routes; the X-API-Key guard runs before each (see build-session-service.ts). */
export async function sessionRoutes(app: FastifyInstance, deps: ServiceDeps): Promise<void> {
  const schema = { params: SessionParams };

  app.get<{ Params: { key: string } }>('/sessions/:key', { schema }, async (request) => {
    const record = deps.guard.target(request);
    const info = await deps.engine.status(record.sessionKey);
    return {
      session: { ...sessionToWire(info), label: record.label ?? null, created_at: record.createdAt.toISOString() },
    };
  });

  app.post<{ Params: { key: string } }>('/sessions/:key/connect', { schema }, async (request) => {
    const pairing = await deps.engine.connect(request.params.key);
    return pairingToWire(await pairingInfo(pairing, qrUrl(deps, request.params.key)));
  });

  app.post<{ Params: { key: string } }>('/sessions/:key/logout', { schema }, async (request) => {
    return { session: sessionToWire(await deps.engine.logout(request.params.key)) };
  });

  app.delete<{ Params: { key: string } }>('/sessions/:key', { schema }, async (request) => {
    await deps.sessions.remove(deps.guard.target(request));
    return { deleted: true, session_key: request.params.key };
  });
}
