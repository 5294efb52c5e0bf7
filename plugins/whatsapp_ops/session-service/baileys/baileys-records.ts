import { sql, type EntityManager } from '../../../../core/index.js';
import type { DeliveryStatus, EngineLabel, SessionInfo } from '../../channel/channel-port.js';
import { ChannelError } from '../../channel/channel-error.js';
import type { WireMedia } from '../../channel/wire-format.js';
import { payloadOf, recordEvents, type QueuedEvent } from '../../sandbox/sandbox-outbox.js';
import type { WireMessage } from '../../sandbox/sandbox-views.js';
import type { BaileysSession } from '../entities/baileys-session.entity.js';

export interface SessionRow {
  session_key: string;
  status: BaileysSession['status'];
  reason: string | null;
  phone: string | null;
  connected_at: string | null;
  disconnected_at: string | null;
}

export interface OutboundRow {
  message_id: string;
  status: 'pending' | DeliveryStatus;
  content_hash: string | null;
  created_at: string;
}

export interface InboundRecord {
  sessionKey: string;
  /** The line's own number when the message arrived. */
  linePhone: string | null;
  messageId: string;
  remoteJid: string;
  from: string;
  text: string;
  timestamp: Date;
}

export interface ReceiptRecord {
  messageId: string;
  status: DeliveryStatus;
  error: string | null;
}

const date = (value: string | null) => (value ? new Date(value) : null);

/**
 * The Baileys engine's statements. Events are queued in the session service's outbox in the
 * statement (or transaction) of the change they report, as the sandbox engine does.
 */
export class BaileysRecords {
  constructor(
    private readonly rootEm: EntityManager,
    private readonly engine: string,
    private readonly label: Readonly<EngineLabel>,
  ) {}

  toSessionInfo(row: SessionRow): SessionInfo {
    return {
      sessionKey: row.session_key,
      status: row.status,
      phone: row.phone,
      connectedAt: date(row.connected_at),
      disconnectedAt: date(row.disconnected_at),
      reason: row.reason,
      ...this.label,
    };
  }

  async insertSession(em: EntityManager, sessionKey: string, credsSealed: string): Promise<SessionRow> {
    const now = new Date();
    const [row] = await sql<SessionRow>(
      em,
      `insert into baileys_sessions (engine, session_key, status, creds_sealed, created_at, updated_at)
       values ($1, $2, 'awaiting_pairing', $3, $4, $4)
       returning session_key, status, reason, phone, connected_at, disconnected_at`,
      [this.engine, sessionKey, credsSealed, now],
    );
    return row!;
  }

  async session(sessionKey: string, em: EntityManager = this.rootEm): Promise<SessionRow> {
    const [row] = await sql<SessionRow>(
      em,
      `select session_key, status, reason, phone, connected_at, disconnected_at from baileys_sessions
       where engine = $1 and session_key = $2`,
      [this.engine, sessionKey],
    );
    if (!row) throw new ChannelError('session_not_found', `session ${sessionKey} was not found`);
    return row;
  }

  /** Sessions to bring back up when the service starts: those that were connected. */
  async connectedSessionKeys(): Promise<string[]> {
    const rows = await sql<{ session_key: string }>(
      this.rootEm,
      `select session_key from baileys_sessions where engine = $1 and status = 'connected' order by id`,
      [this.engine],
    );
    return rows.map((r) => r.session_key);
  }

  /**
   * Moves a session to a new state under a row lock. `event` says which event the move reports,
   * given the status it came from (a disconnection is news only for a connected session).
   */
  async transition(
    sessionKey: string,
    change: (current: SessionRow) => {
      set: Partial<Pick<SessionRow, 'status' | 'reason' | 'phone'>> & {
        connectedAt?: Date | null;
        disconnectedAt?: Date | null;
        credsSealed?: string | null;
        forgetKeys?: boolean;
      };
      event?: QueuedEvent['body'] | null;
    },
  ): Promise<SessionRow> {
    return this.rootEm.fork().transactional(async (em) => {
      const [current] = await sql<SessionRow>(
        em,
        `select session_key, status, reason, phone, connected_at, disconnected_at from baileys_sessions
         where engine = $1 and session_key = $2 for update`,
        [this.engine, sessionKey],
      );
      if (!current) throw new ChannelError('session_not_found', `session ${sessionKey} was not found`);
      const { set, event } = change(current);
      const now = new Date();
      const [row] = await sql<SessionRow>(
        em,
        `update baileys_sessions set
           status = coalesce($3, status), reason = case when $4 then $5 else reason end,
           phone = coalesce($6, phone),
           connected_at = case when $7 then $8::timestamptz else connected_at end,
           disconnected_at = case when $9 then $10::timestamptz else disconnected_at end,
           creds_sealed = case when $11 then $12 else creds_sealed end, updated_at = $13
         where engine = $1 and session_key = $2
         returning session_key, status, reason, phone, connected_at, disconnected_at`,
        [
          this.engine,
          sessionKey,
          set.status ?? null,
          'reason' in set,
          set.reason ?? null,
          set.phone ?? null,
          'connectedAt' in set,
          set.connectedAt ?? null,
          'disconnectedAt' in set,
          set.disconnectedAt ?? null,
          'credsSealed' in set,
          set.credsSealed ?? null,
          now,
        ],
      );
      if (set.forgetKeys) await sql(em, 'delete from baileys_auth_keys where session_key = $1', [sessionKey]);
      if (event) await recordEvents(em, this.engine, [{ sessionKey, body: event, at: now }], this.label);
      return row!;
    });
  }

  async deleteSession(em: EntityManager, sessionKey: string): Promise<boolean> {
    await sql(em, 'delete from baileys_messages where engine = $1 and session_key = $2', [this.engine, sessionKey]);
    await sql(em, 'delete from baileys_auth_keys where session_key = $1', [sessionKey]);
    const gone = await sql(em, 'delete from baileys_sessions where engine = $1 and session_key = $2 returning id', [
      this.engine,
      sessionKey,
    ]);
    return gone.length > 0;
  }

  async outboundByKey(sessionKey: string, idempotencyKey: string): Promise<OutboundRow | null> {
    const [row] = await sql<OutboundRow>(
      this.rootEm,
      `select message_id, status, content_hash, created_at from baileys_messages
       where session_key = $1 and idempotency_key = $2`,
      [sessionKey, idempotencyKey],
    );
    return row ?? null;
  }

  /** The message recorded before it is handed to the network; null when the key was taken meanwhile. */
  async insertPending(input: {
    sessionKey: string;
    messageId: string;
    remoteJid: string;
    linePhone: string | null;
    to: string;
    idempotencyKey: string;
    contentHash: string;
    text: string | null;
    media: WireMedia | null;
  }): Promise<OutboundRow | null> {
    const [row] = await sql<OutboundRow>(
      this.rootEm,
      `insert into baileys_messages (engine, session_key, direction, message_id, remote_jid, line_phone, peer_phone, idempotency_key, content_hash, text, media, status, created_at)
       values ($1, $2, 'outbound', $3, $4, $5, $6, $7, $8, $9, $10::jsonb, 'pending', $11)
       on conflict (session_key, idempotency_key) do nothing
       returning message_id, status, content_hash, created_at`,
      [
        this.engine,
        input.sessionKey,
        input.messageId,
        input.remoteJid,
        input.linePhone,
        input.to,
        input.idempotencyKey,
        input.contentHash,
        input.text,
        input.media && JSON.stringify(input.media),
        new Date(),
      ],
    );
    return row ?? null;
  }

  /** The network took the message: `sent`, its content kept for retry requests, and its receipt queued. */
  async markSent(sessionKey: string, messageId: string, content: string | null): Promise<void> {
    const now = new Date();
    const event = payloadOf(
      {
        sessionKey,
        body: { type: 'message.status', data: { provider_message_id: messageId, status: 'sent', error: null } },
        at: now,
      },
      this.label,
    );
    await sql(
      this.rootEm,
      `with m as (update baileys_messages set status = 'sent', content = $4
                  where session_key = $2 and direction = 'outbound' and message_id = $3 and status = 'pending' returning id)
       insert into sandbox_events (engine, event_id, session_key, type, payload, state, attempts, next_attempt_at, created_at)
       select $1, $5, $2, 'message.status', $6::jsonb, 'pending', 0, $7, $7 from m`,
      [this.engine, sessionKey, messageId, content, event.id, JSON.stringify(event), now],
    );
  }

  /** What the library asks for to answer a retry request: the message as it was sent. */
  async content(sessionKey: string, messageId: string): Promise<string | null> {
    const [row] = await sql<{ content: string | null }>(
      this.rootEm,
      `select content from baileys_messages where session_key = $1 and direction = 'outbound' and message_id = $2`,
      [sessionKey, messageId],
    );
    return row?.content ?? null;
  }

  /**
   * Stores inbound messages (of any sessions) and queues their events, in order, in one
   * statement. A message the network delivers again (after a reconnect) hits the unique id and is
   * dropped, with no event. Returns the ids stored.
   */
  async storeInbound(messages: InboundRecord[]): Promise<string[]> {
    if (messages.length === 0) return [];
    const now = new Date();
    const rows = messages.map((m) => {
      const event = payloadOf(
        {
          sessionKey: m.sessionKey,
          body: {
            type: 'message.received',
            data: {
              provider_message_id: m.messageId,
              from: m.from,
              text: m.text,
              media: null,
              timestamp: m.timestamp.toISOString(),
            },
          },
          at: now,
        },
        this.label,
      );
      return {
        session_key: m.sessionKey,
        line_phone: m.linePhone,
        message_id: m.messageId,
        remote_jid: m.remoteJid,
        peer_phone: m.from,
        text: m.text,
        created_at: m.timestamp.toISOString(),
        event_id: event.id,
        payload: event,
      };
    });
    const stored = await sql<{ message_id: string }>(
      this.rootEm,
      `with v as (select * from rows from (json_to_recordset($2::json)
                    as (session_key text, line_phone text, message_id text, remote_jid text, peer_phone text, text text,
                        created_at timestamptz, event_id text, payload jsonb))
                  with ordinality as v(session_key, line_phone, message_id, remote_jid, peer_phone, text, created_at, event_id, payload, n)),
       ins as (insert into baileys_messages (engine, session_key, direction, message_id, remote_jid, line_phone, peer_phone, text, status, created_at)
               select $1, v.session_key, 'inbound', v.message_id, v.remote_jid, v.line_phone, v.peer_phone, v.text, 'received', v.created_at
               from v order by v.n
               on conflict (session_key, direction, message_id) do nothing returning session_key, message_id),
       ev as (insert into sandbox_events (engine, event_id, session_key, type, payload, state, attempts, next_attempt_at, created_at)
              select $1, v.event_id, v.session_key, 'message.received', v.payload, 'pending', 0, $3, $3
              from v join ins on ins.session_key = v.session_key and ins.message_id = v.message_id order by v.n
              returning payload->'data'->>'provider_message_id' as message_id)
       select message_id from ev`,
      [this.engine, JSON.stringify(rows), now],
    );
    return stored.map((r) => r.message_id);
  }

  /**
   * Applies receipts forward only (sent < delivered < read; failed only before delivery, and
   * final), queueing an event for each one that moved a message.
   */
  async applyReceipts(sessionKey: string, receipts: ReceiptRecord[]): Promise<number> {
    if (receipts.length === 0) return 0;
    const now = new Date();
    const rows = receipts.map((r) => {
      const event = payloadOf(
        {
          sessionKey,
          body: {
            type: 'message.status',
            data: { provider_message_id: r.messageId, status: r.status, error: r.error },
          },
          at: now,
        },
        this.label,
      );
      return { message_id: r.messageId, status: r.status, error: r.error, event_id: event.id, payload: event };
    });
    const [result] = await sql<{ moved: number }>(
      this.rootEm,
      `with v as (select * from rows from (json_to_recordset($3::json)
                    as (message_id text, status text, error text, event_id text, payload jsonb))
                  with ordinality as v(message_id, status, error, event_id, payload, n)),
       upd as (update baileys_messages m set
                 status = v.status,
                 delivered_at = case when v.status in ('delivered', 'read') then coalesce(m.delivered_at, $4) else m.delivered_at end,
                 read_at = case when v.status = 'read' then $4 else m.read_at end,
                 failed_at = case when v.status = 'failed' then $4 else m.failed_at end,
                 error = case when v.status = 'failed' then v.error else m.error end
               from v
               where m.session_key = $2 and m.direction = 'outbound' and m.message_id = v.message_id
                 and ((v.status = 'failed' and m.status in ('pending', 'sent'))
                   or (v.status <> 'failed' and m.status <> 'failed'
                       and array_position(array['pending', 'sent', 'delivered', 'read'], m.status)
                         < array_position(array['pending', 'sent', 'delivered', 'read'], v.status)))
               returning v.event_id),
       ev as (insert into sandbox_events (engine, event_id, session_key, type, payload, state, attempts, next_attempt_at, created_at)
              select $1, v.event_id, $2, 'message.status', v.payload, 'pending', 0, $4, $4
              from v join upd on upd.event_id = v.event_id order by v.n returning 1)
       select count(*)::int as moved from ev`,
      [this.engine, sessionKey, JSON.stringify(rows), now],
    );
    return result?.moved ?? 0;
  }

  /** Newest first. */
  async listMessages(
    sessionKey: string,
    page: { limit: number; offset: number; direction?: 'outbound' | 'inbound' },
  ): Promise<{ items: WireMessage[]; count: number }> {
    const filter = `engine = $1 and session_key = $2 and ($3::text is null or direction = $3)`;
    const params = [this.engine, sessionKey, page.direction ?? null];
    const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const items = await sql<Omit<WireMessage, 'sandbox'>>(
      this.rootEm,
      `select message_id as provider_message_id, direction,
              case when direction = 'outbound' then line_phone else peer_phone end as "from",
              case when direction = 'outbound' then peer_phone else line_phone end as "to",
              text, media, status, error, idempotency_key, ${iso('created_at')} as created_at,
              ${iso('delivered_at')} as delivered_at, ${iso('read_at')} as read_at, ${iso('failed_at')} as failed_at
       from baileys_messages where ${filter} order by id desc limit $4 offset $5`,
      [...params, page.limit, page.offset],
    );
    const [{ n }] = (await sql<{ n: number }>(
      this.rootEm,
      `select count(*)::int as n from baileys_messages where ${filter}`,
      params,
    )) as [{ n: number }];
    return { count: n, items: items.map((m) => ({ ...m, sandbox: this.label.sandbox })) };
  }
}
