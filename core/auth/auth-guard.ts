import type { TokenHolder } from './api-token.js';
import type { RequestLimiter } from '../limits/request-limiter.js';
import type { Authenticator } from './authenticator.js';

export const UNAUTHORIZED = 'Unauthorized: invalid or missing Bearer token';

export type AuthOutcome =
  | TokenHolder
  | { shop: null; status: 401 | 403; message: string }
  | { shop: null; status: 429; message: string; retryAfterSeconds: number };

/**
 * Bearer authentication with a limit on failures per client address, shared by every route that
 * takes a shop token (the MCP endpoint and the groups' own routes). A valid token always passes:
 * behind a proxy many clients share one address, and one client's wrong tokens must not lock the
 * others out. Only the failures are limited, which is what slows a guessing loop.
 */
export class AuthGuard {
  constructor(
    private readonly authenticator: Authenticator,
    /** Failed attempts per client address. */
    private readonly failures: RequestLimiter,
  ) {}

  /** A valid token in the authenticator's cache answers synchronously: the MCP endpoint does not await it. */
  check(authorization: string | undefined, address: string): AuthOutcome | Promise<AuthOutcome> {
    const holder = this.authenticator.authenticate(authorization);
    if (holder instanceof Promise) return holder.then((found) => found ?? this.refuse(address));
    return holder ?? this.refuse(address);
  }

  private async refuse(address: string): Promise<AuthOutcome> {
    const wait = await this.failures.blocked(address);
    if (wait)
      return {
        shop: null,
        status: 429,
        message: `Too many failed authentication attempts; retry in ${wait} s`,
        retryAfterSeconds: wait,
      };
    await this.failures.hit(address);
    return { shop: null, status: 401, message: UNAUTHORIZED };
  }
}
