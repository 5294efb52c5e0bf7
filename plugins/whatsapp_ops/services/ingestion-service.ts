import { normalizePhone, sql, ToolError } from '../../../core/index.js';
import type { ChannelEvent, InboundMedia } from '../channel/channel-port.js';
import { ChatappSession } from '../entities/chatapp-session.entity.js';
import type { ChatappCradle } from './cradle.js';
import { advanceStatus } from './message-status.js';
import { lockTargets, saveTargets, settleByKey, targetKey, type ReceiptTarget } from './receipt-targets.js';
import { settleFromStatus } from '../channel/send-ledger.js';
import type { MessageStatus, StoredMedia } from '../entities/values.js';
import type { WhatsappOpsMessageReceived } from '../surface.js';

/** How long a receipt for a message not recorded yet is retried: its send may still be committing. */
export const UNKNOWN_TARGET_RETRY_MS = 120_000;

/** Thrown to have the channel deliver the event again later. */
export class EventNotReady extends Error {
  override name = 'EventNotReady';
}

/** Inbound media as the record keeps it: by URL, or by the network's id with the kept copy or the reason there is none. */
const storedMedia = (m: InboundMedia): StoredMedia => ({
  url: m.url,
  mime_type: m.mimeType,
  ...(m.caption !== undefined && { caption: m.caption }),
  ...(m.filename !== undefined && { filename: m.filename }),
  ...(m.providerMediaId !== undefined && { provider_media_id: m.providerMediaId }),
  ...(m.fileId !== undefined && { file_id: m.fileId }),
  ...(m.notKept !== undefined && { not_kept: m.notKept }),
});

type Of<T extends ChannelEvent['type']> = Extract<ChannelEvent, { type: T }>;

type IngestionOutcome = 'applied' | 'duplicate' | 'ignored';

/** A fresh event of the batch with the id of the session it is about and its place in the batch. */
interface Fresh<E extends ChannelEvent = ChannelEvent> {
  index: number;
  sessionId: number;
  event: E;
}

/**
 * Applies channel events to the shop that owns their sessions, in the caller's transaction: event
 * ids are recorded first, so a redelivered event changes nothing; inbound messages are stored
 * once; statuses only move forward; the contact window follows every inbound message; the domain
 * events are emitted in the same transaction, for other groups' listeners.
 */
export class ChatappIngestionService {
  constructor(private readonly deps: ChatappCradle) {}

  private get em() {
    return this.deps.em;
  }

  async handle(event: ChannelEvent): Promise<IngestionOutcome> {
    return (await this.handleMany([event]))[0]!;
  }

  /**
   * A batch of the shop's events, in delivery order; answers each one's outcome. Receipts are
   * applied together (one read, one write, one message_status emission), the other events one by
   * one in order: the result is the same as applying the batch in order, because receipts only
   * change outbound messages and nothing else here does. A receipt that cannot be applied yet
   * throws, and the whole batch (its recorded ids included) rolls back. `sessionIds`: the shop's
   * sessions of the batch by key, when the caller has them (otherwise they are read).
   */
  async handleMany(events: ChannelEvent[], sessionIds?: ReadonlyMap<string, number>): Promise<IngestionOutcome[]> {
    const outcomes = events.map((): IngestionOutcome => 'ignored');
    const fresh = await this.freshEvents(events, outcomes, sessionIds ?? (await this.sessionIdsOf(events)));
    const receipts = fresh.filter((f): f is Fresh<Of<'message.status'>> => f.event.type === 'message.status');
    await this.receipts(receipts, outcomes);
    const others = fresh.filter(
      (f): f is Fresh<Exclude<ChannelEvent, Of<'message.status'>>> => f.event.type !== 'message.status',
    );
    if (others.length === 0) return outcomes;
    const sessions = new Map(
      (await this.em.find(ChatappSession, { id: { $in: [...new Set(others.map((f) => f.sessionId))] } })).map((s) => [
        s.id,
        s,
      ]),
    );
    // Runs of inbound messages are stored together; a connection event between two runs applies in its place.
    let run: Fresh<Of<'message.received'>>[] = [];
    for (const f of others) {
      if (f.event.type === 'message.received') {
        run.push(f as Fresh<Of<'message.received'>>);
        continue;
      }
      await this.received(run, sessions, outcomes);
      run = [];
      outcomes[f.index] = await this.one(sessions.get(f.sessionId)!, f.event);
    }
    await this.received(run, sessions, outcomes);
    return outcomes;
  }

  /**
   * The events of the shop's sessions not handled before, each id once: recorded as processed in
   * one insert. Repeats, in the batch or from earlier deliveries, are marked duplicate.
   */
  private async freshEvents(
    events: ChannelEvent[],
    outcomes: IngestionOutcome[],
    sessionIds: ReadonlyMap<string, number>,
  ): Promise<Fresh[]> {
    const candidates = new Map<string, Fresh>();
    for (const [index, event] of events.entries()) {
      const sessionId = sessionIds.get(event.sessionKey);
      if (sessionId === undefined) continue;
      if (candidates.has(event.id)) outcomes[index] = 'duplicate';
      else candidates.set(event.id, { index, sessionId, event });
    }
    if (candidates.size === 0) return [];
    const recorded = await sql<{ event_id: string }>(
      this.em,
      `insert into chatapp_processed_events (shop_id, event_id, processed_at) select $1, e.id, now() from json_array_elements_text($2::json) as e(id)
       on conflict (shop_id, event_id) do nothing returning event_id`,
      [this.deps.shop.id, JSON.stringify([...candidates.keys()])],
    );
    const isFresh = new Set(recorded.map((r) => r.event_id));
    const fresh: Fresh[] = [];
    for (const [id, candidate] of candidates) {
      if (isFresh.has(id)) fresh.push(candidate);
      else outcomes[candidate.index] = 'duplicate';
    }
    return fresh;
  }

  /** The shop's sessions the batch names, by key. */
  private async sessionIdsOf(events: ChannelEvent[]): Promise<Map<string, number>> {
    if (events.length === 0) return new Map();
    // Plain rows: receipts need only the session id, and a batch of them names hundreds of lines.
    const rows = await sql<{ id: number; session_key: string }>(
      this.em,
      'select id, session_key from chatapp_sessions where shop_id = $1 and session_key = any($2::text[])',
      [this.deps.shop.id, [...new Set(events.map((e) => e.sessionKey))]],
    );
    return new Map(rows.map((r) => [r.session_key, r.id]));
  }

  private one(
    session: ChatappSession,
    event: Exclude<ChannelEvent, Of<'message.status' | 'message.received'>>,
  ): Promise<IngestionOutcome> {
    switch (event.type) {
      case 'session.connected':
        return this.connected(session, event);
      case 'session.disconnected':
        return this.disconnected(session, event);
    }
  }

  /**
   * Receipts of outbound messages: the messages are read and locked at once, moved forward in
   * batch order (several receipts of one message apply in turn), written back in one statement,
   * and every change is emitted in one whatsapp_ops.message_status batch.
   */
  private async receipts(receipts: Fresh<Of<'message.status'>>[], outcomes: IngestionOutcome[]): Promise<void> {
    if (receipts.length === 0) return;
    const shopId = this.deps.shop.id;
    const targets = await lockTargets(
      this.em,
      shopId,
      receipts.map(({ sessionId, event }) => ({ sessionId, providerMessageId: event.receipt.providerMessageId })),
    );
    await this.settleUnknown(receipts, targets);
    const changed = new Map<number, ReceiptTarget>();
    const payloads: { message_id: number; session_id: number; phone: string; status: MessageStatus }[] = [];
    for (const { index, sessionId, event } of receipts) {
      const { receipt } = event;
      const target = targets.get(targetKey(sessionId, receipt.providerMessageId));
      if (!target) {
        // A status with its key whose message is not recorded yet: the send that made it may still
        // be committing, and this status is what settles it, `sent` included.
        if (receipt.idempotencyKey !== undefined && Date.now() - event.occurredAt.getTime() < UNKNOWN_TARGET_RETRY_MS)
          throw new EventNotReady(
            `no message ${receipt.providerMessageId} (key ${receipt.idempotencyKey}) recorded yet`,
          );
        // The send that produced it may still be committing (the session service answers the send
        // and reports the receipt at the same time). `sent` says nothing the send's own answer does
        // not; a later receipt is asked for again, for a while.
        if (receipt.status !== 'sent' && Date.now() - event.occurredAt.getTime() < UNKNOWN_TARGET_RETRY_MS) {
          throw new EventNotReady(`no message ${receipt.providerMessageId} recorded yet`);
        }
        continue;
      }
      const next = advanceStatus(target.status, receipt.status);
      if (!next) continue;
      target.status = next;
      if (next === 'failed') target.error = receipt.error ?? 'delivery failed';
      changed.set(target.id, target);
      payloads.push({ message_id: target.id, session_id: sessionId, phone: target.phone, status: next });
      outcomes[index] = 'applied';
    }
    await saveTargets(this.em, shopId, [...changed.values()]);
    await this.deps.events.emitMany('whatsapp_ops.message_status', payloads);
  }

  /**
   * Sends whose answer never came (still `sending`, no network id) that a status now names by their
   * key: the network took them. They become `sent` with its id (the send ledger's attempt too), are
   * told as whatsapp_ops.message_sent (a campaign's row moves on), and join the targets, so the
   * status itself then applies as to any message. A status is what settles an unknown outcome;
   * without one it fails after the retry window (retrySending).
   */
  private async settleUnknown(receipts: Fresh<Of<'message.status'>>[], targets: Map<string, ReceiptTarget>) {
    const unmatched = receipts.filter(
      ({ sessionId, event }) =>
        event.receipt.idempotencyKey !== undefined &&
        !targets.has(targetKey(sessionId, event.receipt.providerMessageId)),
    );
    if (unmatched.length === 0) return;
    const shopId = this.deps.shop.id;
    const settled = await settleByKey(
      this.em,
      shopId,
      unmatched.map(({ sessionId, event }) => ({
        sessionId,
        idempotencyKey: event.receipt.idempotencyKey!,
        providerMessageId: event.receipt.providerMessageId,
        sentAt: event.occurredAt,
      })),
    );
    if (settled.length === 0) return;
    await settleFromStatus(
      this.em,
      shopId,
      settled.map((m) => ({
        session_key: m.session_key,
        idempotency_key: m.idempotency_key,
        provider_message_id: m.provider_message_id,
        sent_at: new Date(m.sent_at),
      })),
    );
    for (const m of settled) targets.set(targetKey(m.session_id, m.provider_message_id), m);
    await this.deps.events.emitMany(
      'whatsapp_ops.message_sent',
      settled.map((m) => ({
        message_id: m.id,
        session_id: m.session_id,
        phone: m.phone,
        text: m.text,
        media: (m.media ?? null) as StoredMedia | null,
        automatic: m.automatic,
        billing_source: m.billing_source,
        sent_at: new Date(m.sent_at).toISOString(),
      })),
    );
  }

  /**
   * Inbound messages, stored once each: one insert for the run skips any already stored (a
   * redelivery under a new event id) and repeats within the run. Then the contact windows in one
   * statement and one whatsapp_ops.message_received batch. Plain statements rather than entities:
   * managed rows would make every later flush of the batch's transaction compare them again.
   */
  private async received(
    run: Fresh<Of<'message.received'>>[],
    sessions: Map<number, ChatappSession>,
    outcomes: IngestionOutcome[],
  ): Promise<void> {
    const accepted: {
      index: number;
      session: ChatappSession;
      phone: string;
      media: StoredMedia | null;
      message: Of<'message.received'>['message'];
    }[] = [];
    for (const { index, sessionId, event } of run) {
      try {
        accepted.push({
          index,
          session: sessions.get(sessionId)!,
          phone: normalizePhone(event.message.from),
          media: event.message.media ? storedMedia(event.message.media) : null,
          message: event.message,
        });
      } catch (err) {
        if (!(err instanceof ToolError)) throw err;
      }
    }
    if (accepted.length === 0) return;
    const rows = accepted.map(({ session, phone, media, message }) => ({
      session_id: session.id,
      phone,
      text: message.text ?? null,
      media,
      provider_message_id: message.providerMessageId,
      sent_at: message.timestamp,
    }));
    const stored = await sql<{ id: number; session_id: number; provider_message_id: string }>(
      this.em,
      `insert into chatapp_messages (shop_id, session_id, phone, direction, text, media, status, provider_message_id,
                                     idempotency_key, automatic, billing_source, credits_charged, sent_at, created_at, updated_at)
       select $1, v.session_id, v.phone, 'inbound', v.text, v.media, 'received', v.provider_message_id,
              null, false, null, 0, v.sent_at, clock_timestamp(), clock_timestamp()
       from rows from (json_to_recordset($2::json) as (session_id int, phone text, text text, media jsonb,
                                                       provider_message_id text, sent_at timestamptz))
            with ordinality as v(session_id, phone, text, media, provider_message_id, sent_at, n)
       order by v.n
       on conflict (shop_id, session_id, provider_message_id) do nothing
       returning id, session_id, provider_message_id`,
      [this.deps.shop.id, JSON.stringify(rows)],
    );
    const ids = new Map(stored.map((r) => [`${r.session_id}\n${r.provider_message_id}`, r.id]));
    const applied: typeof accepted = [];
    const payloads: WhatsappOpsMessageReceived[] = [];
    for (const a of accepted) {
      const key = `${a.session.id}\n${a.message.providerMessageId}`;
      const id = ids.get(key);
      if (id === undefined) {
        outcomes[a.index] = 'duplicate';
        continue;
      }
      // A repeat later in the run found its key taken by the first.
      ids.delete(key);
      outcomes[a.index] = 'applied';
      applied.push(a);
      payloads.push({
        message_id: id,
        session_id: a.session.id,
        phone: a.phone,
        text: a.message.text ?? null,
        media: a.media,
        received_at: a.message.timestamp.toISOString(),
      });
    }
    await this.deps.chatappEligibilityService.recordInbounds(
      applied.map((a) => ({ line: a.session, customerPhone: a.phone, at: a.message.timestamp })),
    );
    await this.deps.events.emitMany('whatsapp_ops.message_received', payloads);
  }

  private async connected(session: ChatappSession, event: Of<'session.connected'>) {
    // A connection older than the line's last disconnection is history, not news.
    if (session.status === 'disconnected' && session.disconnectedAt && session.disconnectedAt > event.occurredAt)
      return 'ignored';
    session.status = 'connected';
    session.phone = normalizePhone(event.phone);
    session.connectedAt = event.occurredAt;
    session.disconnectedAt = null;
    await this.em.flush();
    return 'applied';
  }

  private async disconnected(session: ChatappSession, event: Of<'session.disconnected'>) {
    // A line being paired again, or connected after this event, is not disconnected by it.
    if (session.status !== 'connected' || (session.connectedAt && session.connectedAt > event.occurredAt))
      return 'ignored';
    session.status = 'disconnected';
    session.disconnectedAt = event.occurredAt;
    await this.em.flush();
    await this.deps.events.emit('whatsapp_ops.line_disconnected', {
      session_id: session.id,
      label: session.label ?? null,
      phone: session.phone ?? null,
      reason: event.reason,
      remedy: 'Pair it again with connect_chatapp.',
      disconnected_at: event.occurredAt.toISOString(),
    });
    return 'applied';
  }
}
