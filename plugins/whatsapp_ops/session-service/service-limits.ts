import { FixedWindowLimiter } from '../../../core/app-kit.js';
import { ChannelError } from '../channel/channel-error.js';
import type { SessionServiceConfig } from './service-config.js';

/**
 * The service's request budgets, in this process's memory like the main server's: per API key
 * (or per shop when creating sessions), per client address for the keyless routes, and per
 * address for failed authentication so keys cannot be guessed in a loop.
 */
export class ServiceLimits {
  private readonly perKey: FixedWindowLimiter;
  private readonly anonymous: FixedWindowLimiter;
  private readonly failures: FixedWindowLimiter;

  constructor(limits: SessionServiceConfig['rateLimit']) {
    const windowMs = limits.windowSeconds * 1000;
    this.perKey = new FixedWindowLimiter(limits.requestsPerWindow, windowMs);
    this.anonymous = new FixedWindowLimiter(limits.anonymousPerWindow, windowMs);
    this.failures = new FixedWindowLimiter(limits.failedAttemptsPerWindow, windowMs);
  }

  hitKey(key: string): ChannelError | null {
    return limited(this.perKey.hit(key), 'rate limit exceeded');
  }

  hitAnonymous(ip: string): ChannelError | null {
    return limited(this.anonymous.hit(ip), 'rate limit exceeded');
  }

  /**
   * What a request whose credentials failed gets: `refusal`, counted against its address, or 429
   * once the address is over its limit. Only failures are counted and refused: a valid key or
   * token always passes, since behind a proxy every client shares one address.
   */
  failedAuth(ip: string, refusal: ChannelError): ChannelError {
    const blocked = limited(this.failures.blocked(ip), 'too many failed authentication attempts');
    if (blocked) return blocked;
    this.failures.hit(ip);
    return refusal;
  }
}

const limited = (retryAfter: number, what: string) =>
  retryAfter
    ? new ChannelError('rate_limited', `${what}: retry in ${retryAfter} s`, { retry_after_seconds: retryAfter })
    : null;
