import type { ServerResponse } from 'node:http';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { sql } from '../db/sql.js';
import type { PostgresMessageBus } from '../transport/message-bus.js';
import { openEventStream, type EventSink } from '../transport/compressed-event-stream.js';

export const NOTICES_CHANNEL = 'switchboard_mcp_notices';

/** A comment line now and then keeps proxies from closing a stream that has nothing to say. */
const KEEPALIVE_MS = 25_000;
/** How often a held stream marks its session's rows as alive (retention sweeps the others). */
const SEEN_EVERY_MS = 3_600_000;
/** The longest a shop's first subscription waits to hear its own news back (see subscribe). */
const WATCH_ECHO_MS = 2_000;

/**
 * A paced topic's current window: whether a change heard inside it waits for its end, and the timer
 * that ends it (set once the notice that opened it is written).
 */
interface PaceWindow {
  waiting: boolean;
  timer?: NodeJS.Timeout;
}

/** What a topic becomes on the wire. */
function noticeOf(topic: string): object | null {
  if (topic.startsWith('resource:'))
    return { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: topic.slice(9) } };
  if (topic.startsWith('elicitation:'))
    return {
      jsonrpc: '2.0',
      method: 'notifications/elicitation/complete',
      params: { elicitationId: topic.slice(12) },
    };
  return null;
}

interface HeldStream {
  sink: EventSink;
  raw: ServerResponse;
}

export const resourceTopic = (uri: string) => `resource:${uri}`;
export const elicitationTopic = (elicitationId: string) => `elicitation:${elicitationId}`;

/**
 * Messages for a session that belong to no call: a subscribed resource changed, a page the person
 * was sent to was answered. They travel on the session's standing stream (GET), which one process
 * holds; the change may happen on any other. Who listens to what is a table (mcp_subscriptions),
 * and the news goes out as a PostgreSQL notification on a channel every process listens to; the
 * process holding a stream of the shop looks up which of its sessions listen and writes to them.
 *
 * A resource change is announced inside the transaction that made it, so it is heard at the commit
 * and never for a rollback. Each process knows which shops have any subscription at all (loaded at
 * start, told of each new one), so a change in a shop nobody watches costs nothing.
 *
 * A paced change (a record that changes with every send, like a campaign's counts) is paced where
 * it is delivered, which is exact however many processes make the change: the first is delivered
 * at once and opens a window; changes inside it are delivered once, when it ends, and open the next.
 * A topic inside its window costs a map lookup, not a read of the subscriptions.
 */
export class SessionNotices {
  /** Held streams, by shop and session key. */
  private readonly streams = new Map<number, Map<string, HeldStream>>();
  private readonly watched = new Set<number>();
  /** First subscriptions waiting to hear their shop's `watch` back, by shop. */
  private readonly echoes = new Map<number, (() => void)[]>();
  /** Paced topics delivered lately, by `<shop> <topic>`. */
  private readonly windows = new Map<string, PaceWindow>();

  constructor(
    private readonly orm: MikroORM,
    private readonly bus: PostgresMessageBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    // Listening first: a subscription made while the list loads is heard, not missed.
    await this.bus.start((key, body) => this.heard(key, body));
    // A server started with migrations pending has no table yet, and so no subscriptions to load.
    const [{ present }] = await sql<{ present: boolean }>(
      this.orm.em,
      `select to_regclass('mcp_subscriptions') is not null as present`,
    );
    if (!present) return;
    const rows = await sql<{ shop_id: number }>(this.orm.em, 'select distinct shop_id from mcp_subscriptions');
    for (const row of rows) this.watched.add(Number(row.shop_id));
  }

  async stop(): Promise<void> {
    await this.bus.stop();
    for (const window of this.windows.values()) clearTimeout(window.timer);
    this.windows.clear();
    // The server is going away: its streams are cut, as a client that reconnects elsewhere expects.
    for (const sessions of this.streams.values()) for (const held of sessions.values()) held.raw.destroy();
    this.streams.clear();
  }

  /** Whether any session of the shop listens to anything: when not, a change is not announced. */
  watches(shopId: number): boolean {
    return this.watched.has(shopId);
  }

  async subscribe(shopId: number, sessionKey: string, topic: string): Promise<void> {
    await sql(
      this.orm.em,
      `insert into mcp_subscriptions (shop_id, session_key, topic, seen_at) values ($1, $2, $3, now())
       on conflict (shop_id, topic, session_key) do update set seen_at = excluded.seen_at`,
      [shopId, sessionKey, topic],
    );
    if (this.watched.has(shopId)) return;
    this.watched.add(shopId);
    // Another process announces a change only in the shops it knows are watched, and learns of this
    // one from the notification: a change it made before hearing it would not be announced. Every
    // listener is sent the notification at the same commit, so answering once it is heard here
    // gives the others the same time to hear it before the client's next call reaches them.
    let timer: NodeJS.Timeout | undefined;
    const echoed = new Promise<void>((resolve) => {
      this.echoes.set(shopId, [...(this.echoes.get(shopId) ?? []), resolve]);
      timer = setTimeout(resolve, WATCH_ECHO_MS);
    });
    try {
      await this.bus.publish('watch', String(shopId));
      await echoed;
    } finally {
      clearTimeout(timer);
    }
  }

  async unsubscribe(shopId: number, sessionKey: string, topic: string): Promise<void> {
    await sql(this.orm.em, 'delete from mcp_subscriptions where shop_id = $1 and topic = $2 and session_key = $3', [
      shopId,
      topic,
      sessionKey,
    ]);
  }

  /**
   * Tells the shop's listening sessions that `topics` happened, in one notification (topics hold
   * no line breaks); inside `em`'s transaction, at its commit. With `atMostEveryMs`, a session
   * hears of each topic at most once in that time.
   */
  async announce(
    shopId: number,
    topics: string | readonly string[],
    em: EntityManager = this.orm.em,
    atMostEveryMs = 0,
  ): Promise<void> {
    const lines = typeof topics === 'string' ? topics : topics.join('\n');
    if (atMostEveryMs > 0) await this.bus.publish('paced-notice', `${atMostEveryMs} ${shopId} ${lines}`, em);
    else await this.bus.publish('notice', `${shopId} ${lines}`, em);
  }

  /**
   * The session's standing stream (GET): held until the client closes it. A second stream of the
   * same session replaces the first, so each message goes out once.
   */
  hold(reply: FastifyReply, shopId: number, sessionKey: string): void {
    reply.hijack();
    const raw = reply.raw;
    const sink = openEventStream(raw, reply.request.headers['accept-encoding'], {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    const sessions = this.streams.get(shopId) ?? new Map<string, HeldStream>();
    this.streams.set(shopId, sessions);
    sessions.get(sessionKey)?.sink.end('');
    const held = { sink, raw };
    sessions.set(sessionKey, held);
    sink.write(': stream open\n\n');
    const seen = () =>
      sql(this.orm.em, 'update mcp_subscriptions set seen_at = now() where shop_id = $1 and session_key = $2', [
        shopId,
        sessionKey,
      ]).catch((err: unknown) => this.log.warn({ err }, 'could not mark a held MCP stream as seen'));
    void seen();
    const keepalive = setInterval(() => sink.write(': keepalive\n\n'), KEEPALIVE_MS);
    const mark = setInterval(() => void seen(), SEEN_EVERY_MS);
    raw.once('close', () => {
      // The client hung up; its half-closed connection would otherwise wait on an answer that never ends.
      raw.destroy();
      clearInterval(keepalive);
      clearInterval(mark);
      if (sessions.get(sessionKey) === held) sessions.delete(sessionKey);
      if (sessions.size === 0 && this.streams.get(shopId) === sessions) this.streams.delete(shopId);
    });
  }

  private heard(key: string, body: string): void {
    if (key === 'watch') {
      const shopId = Number(body);
      this.watched.add(shopId);
      for (const resolve of this.echoes.get(shopId) ?? []) resolve();
      this.echoes.delete(shopId);
      return;
    }
    if (key === 'notice') {
      const cut = body.indexOf(' ');
      const shopId = Number(body.slice(0, cut));
      for (const topic of body.slice(cut + 1).split('\n')) void this.send(shopId, topic);
    } else if (key === 'paced-notice') {
      const [everyMs, shopId, ...rest] = body.split(' ');
      for (const topic of rest.join(' ').split('\n')) this.pace(Number(shopId), topic, Number(everyMs));
    }
  }

  private pace(shopId: number, topic: string, everyMs: number): void {
    if (!this.streams.has(shopId)) return;
    const key = `${shopId} ${topic}`;
    const window = this.windows.get(key);
    if (window) {
      window.waiting = true;
      return;
    }
    this.sendPaced(key, shopId, topic, everyMs);
  }

  /**
   * The window starts when the notice is written, not when it was asked for: a subscriber lookup
   * that waits on a busy database would otherwise eat into the window and bring two notices closer.
   */
  private sendPaced(key: string, shopId: number, topic: string, everyMs: number): void {
    const window: PaceWindow = { waiting: false };
    this.windows.set(key, window);
    void this.send(shopId, topic).then(() => {
      // Stopped while the notice was on its way.
      if (this.windows.get(key) !== window) return;
      window.timer = setTimeout(() => {
        this.windows.delete(key);
        if (window.waiting) this.sendPaced(key, shopId, topic, everyMs);
      }, everyMs);
      // A pending announcement is no reason to keep a stopping process alive.
      window.timer.unref();
    });
  }

  private async send(shopId: number, topic: string): Promise<void> {
    const sessions = this.streams.get(shopId);
    const notice = noticeOf(topic);
    if (!sessions || !notice) return;
    await this.deliver(shopId, topic, notice, sessions).catch((err: unknown) =>
      this.log.warn({ err, shopId, topic }, 'could not deliver an MCP notice'),
    );
  }

  private async deliver(shopId: number, topic: string, notice: object, sessions: Map<string, HeldStream>) {
    const rows = await sql<{ session_key: string }>(
      this.orm.em,
      'select session_key from mcp_subscriptions where shop_id = $1 and topic = $2',
      [shopId, topic],
    );
    const event = `event: message\ndata: ${JSON.stringify(notice)}\n\n`;
    const delivered = rows.map((r) => r.session_key).filter((key) => sessions.has(key));
    // A page is answered once: whoever hears it no longer waits for it, from before it hears it.
    if (topic.startsWith('elicitation:') && delivered.length > 0)
      await sql(
        this.orm.em,
        'delete from mcp_subscriptions where shop_id = $1 and topic = $2 and session_key = any($3)',
        [shopId, topic, delivered],
      );
    for (const key of delivered) sessions.get(key)!.sink.write(event);
  }
}
