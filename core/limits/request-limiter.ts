import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

/**
 * A budget of hits per key and window (rate-limiter-flexible). With Redis, every server process
 * draws on the same budget; without, each process keeps its own in memory. When Redis cannot be
 * reached the limiter falls back to memory (its insurance limiter) instead of refusing or letting
 * everything through: the limit then holds per process until Redis is back.
 */
export class RequestLimiter {
  private constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly points: number,
  ) {}

  static create(options: { name: string; points: number; windowSeconds: number; redis?: Redis; keyPrefix: string }) {
    const common = {
      points: options.points,
      duration: options.windowSeconds,
      keyPrefix: `${options.keyPrefix}:${options.name}`,
    };
    const memory = new RateLimiterMemory(common);
    const limiter = options.redis
      ? new RateLimiterRedis({
          ...common,
          storeClient: options.redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
    return new RequestLimiter(limiter, options.points);
  }

  /** Counts one hit; the seconds to wait when it is over the budget, else 0. */
  async hit(key: string): Promise<number> {
    try {
      await this.limiter.consume(key);
      return 0;
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return secondsOf(refused);
      throw refused;
    }
  }

  /** Whether the key has already used its budget, without counting a hit. */
  async blocked(key: string): Promise<number> {
    const state = await this.limiter.get(key);
    return state && state.msBeforeNext > 0 && state.consumedPoints >= this.points ? secondsOf(state) : 0;
  }
}

const secondsOf = (state: RateLimiterRes) => Math.max(1, Math.ceil(state.msBeforeNext / 1000));
