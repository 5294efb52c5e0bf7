import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { withoutPassword } from '../logging/redact-url.js';

/**
 * The shared store of the limits. Commands fail fast while disconnected (no offline queue), so a
 * Redis outage costs a request nothing but the switch to the in-memory limit; the client keeps
 * reconnecting in the background. Connection errors are logged once per outage, not per retry.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const shown = withoutPassword(url);
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  let down = false;
  redis.on('error', (err) => {
    if (down) return;
    down = true;
    log.warn({ err: err.message, redis: shown }, 'redis unreachable: limits fall back to this process');
  });
  redis.on('ready', () => {
    if (down) log.info({ redis: shown }, 'redis reachable again: limits are shared');
    down = false;
  });
  return redis;
}
