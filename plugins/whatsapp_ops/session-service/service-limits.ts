import { RequestLimiter } from '../../../core/app-kit.js';
import { ChannelError } from '../channel/channel-error.js';
import type { SessionServiceConfig } from './service-config.js';

/**
 * The service's request budgets, in this process's memory (the service runs as one process): per API key
 * (or per shop when creating sessions), per client address for the keyless routes, and per
 * address for failed authentication so keys cannot be guessed in a loop.
 */
export class ServiceLimits {
  private readonly perKey: RequestLimiter;
  private readonly anonymous: RequestLimiter;
  private readonly failures: RequestLimiter;

  constructor(limits: SessionServiceConfig['rateLimit']) {
    const limiter = (name: string, points: number) =>
      RequestLimiter.create({ name, points, windowSeconds: limits.windowSeconds, keyPrefix: 'session-service' });
    this.perKey = limiter('key', limits.requestsPerWindow);
    this.anonymous = limiter('anonymous', limits.anonymousPerWindow);
    this.failures = limiter('failed-auth', limits.failedAttemptsPerWindow);
  }

  async hitKey(key: string): Promise<ChannelError | null> {
    return limited(await this.perKey.hit(key), 'rate limit exceeded');
  }

  async hitAnonymous(ip: string): Promise<ChannelError | null> {
    return limited(await this.anonymous.hit(ip), 'rate limit exceeded');
  }

  /**
   * What a request whose credentials failed gets: `refusal`, counted against its address, or 429
   * once the address is over its limit. Only failures are counted and refused: a valid key or
   * token always passes, since behind a proxy every client shares one address.
   */
  async failedAuth(ip: string, refusal: ChannelError): Promise<ChannelError> {
    const blocked = limited(await this.failures.blocked(ip), 'too many failed authentication attempts');
    if (blocked) return blocked;
    await this.failures.hit(ip);
    return refusal;
  }
}

const limited = (retryAfter: number, what: string) =>
  retryAfter
    ? new ChannelError('rate_limited', `${what}: retry in ${retryAfter} s`, { retry_after_seconds: retryAfter })
    : null;
