import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type * as Pg from 'pg';
import { SHOP_CHANGED_CHANNEL } from '../tenancy/shop-changed.js';
import { bearerToken, holderOfApiToken, type TokenHolder } from './api-token.js';

const require = createRequire(import.meta.url);
const { Client } = require('pg') as typeof Pg;

const CACHE_TTL_MS = 60_000;
const RECONNECT_MS = 2_000;
const PROBE_TIMEOUT_MS = 1_000;

/**
 * Bearer token → shop. Lookups are cached per process only while this process is LISTENing on
 * the shop-changed channel: a rotation or profile change anywhere evicts the shop at commit. When
 * the listening connection is down, the cache is dropped and every request reads the database, so
 * a stale token can never be honoured for longer than a notification takes to arrive.
 */
export class Authenticator {
  private readonly cache = new Map<string, { holder: TokenHolder; at: number }>();
  private listener?: InstanceType<typeof Client>;
  private listening = false;
  private stopped = false;
  private retry?: NodeJS.Timeout;

  constructor(
    private readonly orm: MikroORM,
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl });
    const lost = () => {
      this.listening = false;
      this.cache.clear();
      client.removeAllListeners();
      client.end().catch(() => undefined);
      if (!this.stopped) this.retry = setTimeout(() => void this.start(), RECONNECT_MS);
    };
    try {
      await client.connect();
      const probe = `probe:${randomUUID()}`;
      const heard = new Promise<boolean>((resolve) => {
        setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref();
        client.on('notification', (n) => (n.payload === probe ? resolve(true) : this.evictShop(Number(n.payload))));
      });
      client.on('error', lost);
      client.on('end', lost);
      await client.query(`listen ${SHOP_CHANGED_CHANNEL}`);
      // Some servers accept LISTEN but never deliver: only a notification that really arrives
      // turns the cache on.
      await this.orm.em.getConnection().execute('select pg_notify(?, ?)', [SHOP_CHANGED_CHANNEL, probe]);
      if (!(await heard)) {
        this.log.info('authentication cache off: this database does not deliver notifications');
        client.removeAllListeners();
        await client.end();
        return;
      }
      this.listener = client;
      this.listening = true;
    } catch (err) {
      this.log.warn({ err }, 'authentication cache disabled: cannot listen for shop changes');
      lost();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.listening = false;
    this.listener?.removeAllListeners();
    await this.listener?.end().catch(() => undefined);
  }

  /** A cache hit answers synchronously: this runs on every request. */
  authenticate(authorization: string | undefined): TokenHolder | null | Promise<TokenHolder | null> {
    const token = bearerToken(authorization);
    if (!token) return null;
    // Keyed by the token itself so a hit costs no hashing; the map lives only in this process.
    const cached = this.listening ? this.cache.get(token) : undefined;
    if (cached && Date.now() - cached.at < CACHE_TTL_MS) {
      const { expiresAt } = cached.holder.grant;
      if (expiresAt === null || expiresAt > Date.now()) return cached.holder;
      this.cache.delete(token);
      return null;
    }
    return this.lookup(token);
  }

  private async lookup(token: string): Promise<TokenHolder | null> {
    const holder = await holderOfApiToken(this.orm.em.getConnection(), token);
    if (holder && this.listening) this.cache.set(token, { holder, at: Date.now() });
    return holder;
  }

  /** Same-process changes need not wait for the notification round trip. */
  evictShop(shopId: number): void {
    for (const [hash, entry] of this.cache) if (entry.holder.shop.id === shopId) this.cache.delete(hash);
  }
}
