import type { FastifyRequest } from 'fastify';
import { ChannelError } from '../channel/channel-error.js';
import type { ServiceSession } from './entities/service-session.entity.js';
import type { ServiceLimits } from './service-limits.js';
import type { ServiceSessions } from './service-sessions.js';

export const API_KEY_HEADER = 'x-api-key';

/**
 * X-API-Key → the caller's shop → may it use the session in the path? A key authenticates its
 * shop: it works on every session of that shop, and on another shop's session it gets the 401
 * the spec names. The target session is remembered for the route handler.
 */
export class SessionKeyGuard {
  private readonly targets = new WeakMap<FastifyRequest, ServiceSession>();

  constructor(
    private readonly sessions: ServiceSessions,
    private readonly limits: ServiceLimits,
  ) {}

  async authorize(request: FastifyRequest, sessionKey: string): Promise<ChannelError | null> {
    const apiKey = request.headers[API_KEY_HEADER];
    const present = typeof apiKey === 'string' && apiKey !== '';
    const caller = present ? await this.sessions.byApiKey(apiKey) : null;
    if (!caller)
      return await this.limits.failedAuth(
        request.ip,
        present
          ? new ChannelError('unauthorized', 'invalid API key')
          : new ChannelError(
              'unauthorized',
              'missing X-API-Key header: send the API key returned when the session was created',
            ),
      );
    const limited = await this.limits.hitKey(caller.apiKeyHash);
    if (limited) return limited;
    const target = caller.sessionKey === sessionKey ? caller : await this.sessions.byKey(sessionKey);
    if (!target) return new ChannelError('session_not_found', `session ${sessionKey} was not found`);
    if (target.shopId !== caller.shopId)
      return new ChannelError('session_not_owned', 'session does not belong to your shop');
    this.targets.set(request, target);
    return null;
  }

  /** The session the request was authorized for; only called from guarded routes. */
  target(request: FastifyRequest): ServiceSession {
    const target = this.targets.get(request);
    if (!target) throw new Error('route is not behind the session key guard');
    return target;
  }
}
