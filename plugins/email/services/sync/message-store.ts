import { sql, type Services } from '../../../../core/index.js';
import type { FolderRole } from '../../entities/values.js';
import type { ParsedMessage } from './parse-message.js';
import { isReplySubject, subjectKey } from './subject-key.js';

/** One fetched mail: where it sits on the server and what it says. */
export interface FetchedMessage {
  uid: number;
  parsed: ParsedMessage;
}

export interface BatchTarget {
  account: { id: number; emailAddress: string };
  folder: { id: number; path: string; role: FolderRole };
  uidValidity: number;
  /** The cursor after this batch: every UID up to here is stored. */
  lastUid: number;
}

/** What a stored mail announces. */
export interface ReceivedMail {
  account_id: number;
  thread_id: number;
  message_id: number;
  from: string;
  subject: string;
  /** ISO 8601. */
  received_at: string;
  new_thread: boolean;
}

interface Placed {
  item: FetchedMessage;
  direction: 'inbound' | 'outbound';
  counterpart: string;
  thread: ThreadSlot;
}

interface ThreadSlot {
  id: number | null;
  subject: string;
  subjectKey: string;
  counterpart: string;
  placed: Placed[];
}

/** How far back a reply found by subject alone may join a thread. */
const SUBJECT_WINDOW_DAYS = 30;

/**
 * Writes a batch of fetched mail in the caller's transaction: each Message-ID once per account
 * (mail already stored — a batch redone after a crash, a folder whose UIDVALIDITY changed, our
 * own sends seen again in Sent — is skipped), threads found from the ids a mail carries or points
 * to, then from a reply subject to the same counterpart, new threads and messages inserted a batch
 * per statement, the threads touched brought up to date, and the folder's cursor moved. Returns
 * the new inbound mail, for the `email.received` event.
 */
export class EmailMessageStore {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async storeBatch(
    target: BatchTarget,
    items: FetchedMessage[],
  ): Promise<{ stored: number; received: ReceivedMail[]; newThreads: number }> {
    const fresh = await this.withoutKnown(target.account.id, items);
    const own = target.account.emailAddress.trim().toLowerCase();
    fresh.sort((a, b) => a.parsed.date.getTime() - b.parsed.date.getTime() || a.uid - b.uid);
    const keys = await this.knownKeys(target.account.id, fresh);
    const slots: ThreadSlot[] = [];
    const existing = new Map<number, ThreadSlot>();
    const placed: Placed[] = [];
    for (const item of fresh) {
      const m = item.parsed;
      const direction = m.from.address === own ? 'outbound' : 'inbound';
      const counterpart = (direction === 'inbound' ? m.from.address : (m.to[0] ?? m.cc[0])?.address) ?? '';
      const ids = [m.inReplyTo, ...[...m.references].reverse(), m.messageId].filter((id): id is string => id !== null);
      let slot = ids.map((id) => keys.get(id)).find((s) => s !== undefined);
      if (!slot && isReplySubject(m.subject))
        slot = await this.bySubject(target.account.id, counterpart, m, slots, existing);
      if (!slot) {
        slot = { id: null, subject: m.subject, subjectKey: subjectKey(m.subject), counterpart, placed: [] };
        slots.push(slot);
      }
      for (const id of ids) if (!keys.has(id)) keys.set(id, slot);
      if (slot.id !== null) existing.set(slot.id, slot);
      const entry: Placed = { item, direction, counterpart, thread: slot };
      slot.placed.push(entry);
      placed.push(entry);
    }
    await this.insertThreads(target.account.id, slots);
    const ids = await this.insertMessages(target, placed);
    await this.insertKeys(target.account.id, keys);
    await this.updateThreads([...existing.values()]);
    await this.em.execute(
      `update email_folders set uid_validity = ?, last_uid = greatest(last_uid, ?), last_synced_at = now(), updated_at = now() where id = ? and shop_id = ?`,
      [target.uidValidity, target.lastUid, target.folder.id, this.deps.shop.id],
    );
    const received = placed
      .map((p, i) => ({ p, id: ids[i]! }))
      .filter(({ p }) => p.direction === 'inbound')
      .map(({ p, id }) => ({
        account_id: target.account.id,
        thread_id: p.thread.id!,
        message_id: id,
        from: p.item.parsed.from.address,
        subject: p.item.parsed.subject,
        received_at: p.item.parsed.date.toISOString(),
        new_thread: slots.includes(p.thread),
      }));
    return { stored: placed.length, received, newThreads: slots.length };
  }

  private async withoutKnown(accountId: number, items: FetchedMessage[]): Promise<FetchedMessage[]> {
    if (items.length === 0) return [];
    const rows = await this.em.execute<{ message_id_header: string }[]>(
      `select message_id_header from email_messages where account_id = ? and message_id_header in (select json_array_elements_text(?::json))`,
      [accountId, JSON.stringify(items.map((i) => i.parsed.messageId))],
    );
    const seen = new Set(rows.map((r) => r.message_id_header));
    const fresh: FetchedMessage[] = [];
    for (const item of items) {
      // Stored already, or twice in this batch (a mail copied into the folder again).
      if (seen.has(item.parsed.messageId)) continue;
      seen.add(item.parsed.messageId);
      fresh.push(item);
    }
    return fresh;
  }

  private async knownKeys(accountId: number, items: FetchedMessage[]): Promise<Map<string, ThreadSlot>> {
    const wanted = [
      ...new Set(
        items.flatMap((i) =>
          [i.parsed.messageId, i.parsed.inReplyTo, ...i.parsed.references].filter((k): k is string => k !== null),
        ),
      ),
    ];
    const keys = new Map<string, ThreadSlot>();
    if (wanted.length === 0) return keys;
    const rows = await this.em.execute<{ message_key: string; thread_id: number }[]>(
      `select message_key, thread_id from email_thread_keys where account_id = ? and message_key in (select json_array_elements_text(?::json))`,
      [accountId, JSON.stringify(wanted)],
    );
    const threads = new Map<number, ThreadSlot>();
    for (const row of rows) {
      const id = Number(row.thread_id);
      if (!threads.has(id)) threads.set(id, { id, subject: '', subjectKey: '', counterpart: '', placed: [] });
      keys.set(row.message_key, threads.get(id)!);
    }
    return keys;
  }

  /** A reply with no usable ids (some clients drop them) joins the recent thread with its subject and counterpart. */
  private async bySubject(
    accountId: number,
    counterpart: string,
    m: ParsedMessage,
    slots: ThreadSlot[],
    existing: Map<number, ThreadSlot>,
  ): Promise<ThreadSlot | undefined> {
    const key = subjectKey(m.subject);
    if (!key || !counterpart) return undefined;
    const inBatch = slots.find((s) => s.subjectKey === key && s.counterpart === counterpart);
    if (inBatch) return inBatch;
    const [row] = await this.em.execute<{ id: number }[]>(
      `select id from email_threads where account_id = ? and counterpart = ? and subject_key = ?
         and last_message_at > ?::timestamptz - make_interval(days => ?) order by last_message_at desc limit 1`,
      [accountId, counterpart, key, m.date.toISOString(), SUBJECT_WINDOW_DAYS],
    );
    if (!row) return undefined;
    const id = Number(row.id);
    return existing.get(id) ?? { id, subject: '', subjectKey: key, counterpart, placed: [] };
  }

  private async insertThreads(accountId: number, slots: ThreadSlot[]): Promise<void> {
    if (slots.length === 0) return;
    const rows = slots.map((s, ord) => ({
      ord,
      ...this.aggregate(s),
      subject: s.subject,
      subject_key: s.subjectKey,
      counterpart: s.counterpart,
    }));
    const inserted = await sql<{ id: number }>(
      this.em,
      `insert into email_threads (shop_id, account_id, subject, subject_key, counterpart, participants, phone, status, unread,
         message_count, last_message_at, last_inbound_at, first_response_at, created_at, updated_at)
       select $1, $2, v.subject, v.subject_key, v.counterpart, v.participants, m.phone, 'open', v.unread,
         v.message_count, v.last_message_at, v.last_inbound_at, v.first_response_at, now(), now()
       from json_to_recordset($3::json) as v(subject text, subject_key text, counterpart text, participants jsonb,
         unread boolean, message_count int, last_message_at timestamptz, last_inbound_at timestamptz, first_response_at timestamptz, ord int)
       left join email_address_phones m on m.shop_id = $1 and m.email = v.counterpart
       order by v.ord
       returning id`,
      [this.deps.shop.id, accountId, JSON.stringify(rows)],
    );
    inserted.forEach((row, i) => (slots[i]!.id = Number(row.id)));
  }

  /** A thread's figures from the batch's mail of it (for a new thread, its whole history so far). */
  private aggregate(slot: ThreadSlot) {
    const dates = slot.placed.map((p) => p.item.parsed.date.getTime());
    const inbound = slot.placed.filter((p) => p.direction === 'inbound').map((p) => p.item.parsed.date.getTime());
    const firstInbound = inbound.length ? Math.min(...inbound) : null;
    const reply = slot.placed
      .filter(
        (p) => p.direction === 'outbound' && firstInbound !== null && p.item.parsed.date.getTime() >= firstInbound,
      )
      .map((p) => p.item.parsed.date.getTime());
    const outbound = slot.placed.filter((p) => p.direction === 'outbound').map((p) => p.item.parsed.date.getTime());
    const participants = new Set(
      slot.placed.flatMap((p) => [p.item.parsed.from, ...p.item.parsed.to, ...p.item.parsed.cc].map((a) => a.address)),
    );
    const latest = slot.placed.reduce((a, b) => (b.item.parsed.date >= a.item.parsed.date ? b : a));
    return {
      participants: [...participants].filter(Boolean).slice(0, 50),
      unread: latest.direction === 'inbound',
      message_count: slot.placed.length,
      last_message_at: new Date(Math.max(...dates)).toISOString(),
      last_inbound_at: inbound.length ? new Date(Math.max(...inbound)).toISOString() : null,
      first_response_at: reply.length ? new Date(Math.min(...reply)).toISOString() : null,
      first_outbound_at: outbound.length ? new Date(Math.min(...outbound)).toISOString() : null,
    };
  }

  private async insertMessages(target: BatchTarget, placed: Placed[]): Promise<number[]> {
    if (placed.length === 0) return [];
    const rows = placed.map(({ item: { uid, parsed: m }, direction, thread }, ord) => ({
      ord,
      thread_id: thread.id,
      direction,
      status: direction === 'inbound' ? 'received' : 'sent',
      message_id_header: m.messageId,
      in_reply_to: m.inReplyTo,
      references: m.references,
      from_address: m.from.address.slice(0, 254),
      from_name: m.from.name?.slice(0, 200) ?? null,
      to_addresses: m.to,
      cc_addresses: m.cc,
      subject: m.subject,
      body_text: m.text,
      body_html: m.html,
      preview: m.preview,
      attachments: m.attachments,
      imap_uid: uid,
      sent_at: m.date.toISOString(),
    }));
    const inserted = await sql<{ id: number }>(
      this.em,
      `insert into email_messages (shop_id, account_id, thread_id, direction, status, message_id_header, in_reply_to, "references",
         from_address, from_name, to_addresses, cc_addresses, bcc_addresses, subject, body_text, body_html, preview, attachments,
         imap_folder, imap_uid, sent_at, attempts, created_at, updated_at)
       select $1, $2, v.thread_id, v.direction, v.status, v.message_id_header, v.in_reply_to, v.references,
         v.from_address, v.from_name, v.to_addresses, v.cc_addresses, '[]', v.subject, v.body_text, v.body_html, v.preview, v.attachments,
         $3, v.imap_uid, v.sent_at, 0, now(), now()
       from json_to_recordset($4::json) as v(thread_id int, direction text, status text, message_id_header text,
         in_reply_to text, "references" jsonb, from_address text, from_name text, to_addresses jsonb, cc_addresses jsonb,
         subject text, body_text text, body_html text, preview text, attachments jsonb, imap_uid bigint, sent_at timestamptz, ord int)
       order by v.ord
       returning id`,
      [this.deps.shop.id, target.account.id, target.folder.path, JSON.stringify(rows)],
    );
    return inserted.map((r) => Number(r.id));
  }

  private async insertKeys(accountId: number, keys: Map<string, ThreadSlot>): Promise<void> {
    const rows = [...keys].map(([key, slot]) => ({ k: key, t: slot.id }));
    if (rows.length === 0) return;
    await this.em.execute(
      `insert into email_thread_keys (shop_id, account_id, message_key, thread_id)
       select ?, ?, v.k, v.t from json_to_recordset(?::json) as v(k text, t int)
       on conflict (account_id, message_key) do nothing`,
      [this.deps.shop.id, accountId, JSON.stringify(rows)],
    );
  }

  /**
   * New mail in threads that were there: counts and times move on; an inbound mail reopens the
   * thread (not one marked spam), marks it unread and ends a snooze.
   */
  private async updateThreads(slots: ThreadSlot[]): Promise<void> {
    const rows = slots
      .filter((s) => s.placed.length > 0)
      .map((s) => ({ id: s.id, ...this.aggregate(s), inbound: s.placed.some((p) => p.direction === 'inbound') }));
    if (rows.length === 0) return;
    await this.em.execute(
      `update email_threads t set
         message_count = t.message_count + v.message_count,
         last_message_at = greatest(t.last_message_at, v.last_message_at),
         last_inbound_at = greatest(t.last_inbound_at, v.last_inbound_at),
         first_response_at = coalesce(t.first_response_at, v.first_response_at,
           case when t.last_inbound_at is not null and v.first_outbound_at >= t.last_inbound_at then v.first_outbound_at end),
         unread = case when v.last_message_at >= t.last_message_at then v.unread else t.unread end,
         status = case when v.inbound and t.status <> 'spam' then 'open' else t.status end,
         snoozed_until = case when v.inbound then null else t.snoozed_until end,
         participants = (select coalesce(jsonb_agg(distinct p), '[]') from jsonb_array_elements_text(t.participants || v.participants) p),
         updated_at = now()
       from json_to_recordset(?::json) as v(id int, message_count int, last_message_at timestamptz, last_inbound_at timestamptz,
         first_response_at timestamptz, first_outbound_at timestamptz, unread boolean, inbound boolean, participants jsonb)
       where t.id = v.id and t.shop_id = ?`,
      [JSON.stringify(rows), this.deps.shop.id],
    );
  }
}
