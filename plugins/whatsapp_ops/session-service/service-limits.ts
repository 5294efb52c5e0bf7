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
  private readonly failedAuth: FixedWindowLimiter;

  constructor(limits: SessionServiceConfig['rateLimit']) {
    const windowMs = limits.windowSeconds * 1000;
    this.perKey = new FixedWindowLimiter(limits.requestsPerWindow, windowMs);
    this.anonymous = new FixedWindowLimiter(limits.anonymousPerWindow, windowMs);
    this.failedAuth = new FixedWindowLimiter(limits.failedAttemptsPerWindow, windowMs);
  }

  hitKey(key: string): ChannelError | null {
    return limited(this.perKey.hit(key), 'rate limit exceeded');
  }

  hitAnonymous(ip: string): ChannelError | null {
    return limited(this.anonymous.hit(ip), 'rate limit exceeded');
  }

  authBlocked(ip: string): ChannelError | null {
    return limited(this.failedAuth.blocked(ip), 'too many failed authentication attempts');
  }

  failedAuthFrom(ip: string): void {
    this.failedAuth.hit(ip);
  }
}

const limited = (retryAfter: number, what: string) =>
  retryAfter
    ? new ChannelError('rate_limited', `${what}: retry in ${retryAfter} s`, { retry_after_seconds: retryAfter })
    : null;
