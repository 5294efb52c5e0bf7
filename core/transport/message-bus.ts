import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type * as Pg from 'pg';
import { sql } from '../db/sql.js';

const require = createRequire(import.meta.url);
const { Client } = require('pg') as typeof Pg;

/** How processes hand each other client messages: publish to all, each hears everything. */
export interface MessageBus {
  start(onMessage: (key: string, body: string) => void): Promise<void>;
  publish(key: string, body: string): Promise<void>;
  stop(): Promise<void>;
}

export const CLIENT_MESSAGES_CHANNEL = 'switchboard_mcp_client_messages';

/** PostgreSQL refuses a notification payload of 8000 bytes or more; parts stay well below. */
const PART_CHARS = 6_000;
const RECONNECT_MS = 2_000;

/**
 * PostgreSQL LISTEN/NOTIFY. A message is base64 and cut into parts (`<message>:<part>:<parts>:<key>:<data>`)
 * sent in one transaction, so an answer of any size (a long completion) goes through a channel
 * whose payloads are capped; the listener puts the parts back together. Parts of a message
 * whose rest never comes are forgotten after a minute.
 */
export class PostgresMessageBus implements MessageBus {
  private listener?: InstanceType<typeof Client>;
  private stopped = false;
  private retry?: NodeJS.Timeout;
  private readonly partial = new Map<string, { parts: string[]; got: number; at: number }>();

  constructor(
    private readonly orm: MikroORM,
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
    private readonly channel: string = CLIENT_MESSAGES_CHANNEL,
  ) {}

  async start(onMessage: (key: string, body: string) => void): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl });
    const lost = () => {
      client.removeAllListeners();
      client.end().catch(() => undefined);
      if (this.listener === client) this.listener = undefined;
      if (!this.stopped) this.retry = setTimeout(() => void this.start(onMessage), RECONNECT_MS);
    };
    try {
      await client.connect();
      client.on('notification', (n) => {
        if (n.channel === this.channel && n.payload) this.heard(n.payload, onMessage);
      });
      client.on('error', lost);
      client.on('end', lost);
      await client.query(`listen ${this.channel}`);
      this.listener = client;
    } catch (err) {
      this.log.warn({ err }, 'client messages from other processes are not heard: cannot listen');
      lost();
    }
  }

  /**
   * `em`: a unit of work's, to publish at its commit (and not at all if it rolls back); the
   * notifications of a transaction are delivered when it commits.
   */
  async publish(key: string, body: string, em: EntityManager = this.orm.em): Promise<void> {
    const data = Buffer.from(body, 'utf8').toString('base64');
    const id = randomBytes(8).toString('hex');
    const count = Math.max(1, Math.ceil(data.length / PART_CHARS));
    const payloads = Array.from(
      { length: count },
      (_, i) => `${id}:${i}:${count}:${key}:${data.slice(i * PART_CHARS, (i + 1) * PART_CHARS)}`,
    );
    // One statement: its notifications are delivered together, at its commit.
    await sql(em, 'select pg_notify($1, p) from unnest($2::text[]) as p', [this.channel, payloads]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.listener;
    this.listener = undefined;
    client?.removeAllListeners();
    await client?.end().catch(() => undefined);
  }

  private heard(payload: string, onMessage: (key: string, body: string) => void): void {
    const [id, index, total, key, data] = payload.split(':');
    const count = Number(total);
    if (!id || !key || data === undefined || !(count >= 1)) return;
    const body = (parts: string[]) => Buffer.from(parts.join(''), 'base64').toString('utf8');
    if (count === 1) return onMessage(key, body([data]));
    const now = Date.now();
    for (const [other, entry] of this.partial) if (now - entry.at > 60_000) this.partial.delete(other);
    const entry = this.partial.get(id) ?? { parts: new Array<string>(count), got: 0, at: now };
    if (entry.parts[Number(index)] === undefined) entry.got += 1;
    entry.parts[Number(index)] = data;
    this.partial.set(id, entry);
    if (entry.got < count) return;
    this.partial.delete(id);
    onMessage(key, body(entry.parts));
  }
}

/** Redis pub/sub, when the installation has a Redis: no payload limit, and the database is spared. */
export class RedisMessageBus implements MessageBus {
  private subscriber?: Redis;

  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
  ) {}

  async start(onMessage: (key: string, body: string) => void): Promise<void> {
    // A subscribed connection can do nothing else, so it is a connection of its own, with the
    // offline queue the shared one lacks: the SUBSCRIBE must survive a reconnect.
    const subscriber = this.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.subscriber = subscriber;
    subscriber.on('error', () => undefined);
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const cut = message.indexOf(':');
      if (cut > 0) onMessage(message.slice(0, cut), message.slice(cut + 1));
    });
    // Not awaited: while Redis is unreachable the SUBSCRIBE waits in the offline queue, and the
    // server must start anyway (its limits fall back to memory meanwhile).
    subscriber.subscribe(this.channel).catch(() => undefined);
  }

  async publish(key: string, body: string): Promise<void> {
    await this.redis.publish(this.channel, `${key}:${body}`);
  }

  async stop(): Promise<void> {
    this.subscriber?.disconnect();
  }
}
