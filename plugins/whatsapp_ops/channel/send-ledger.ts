import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type EntityManager, type OwnStatements } from '../../../core/index.js';
import { ChannelError } from './channel-error.js';
import type { SendAttempt, SendInput, SendResult } from './channel-port.js';
import type { Opened } from './opened.js';

/** What a network answered for a request that reached it. */
export interface Posted {
  providerMessageId: string;
  sentAt: Date;
}

/**
 * A request on its way that the network can act on only once `complete()` writes its last byte
 * (opened.ts); abandoned when the key went to another attempt.
 */
export type OpenedSend = Opened<Posted>;

/** Opens one input's request; a ChannelError (or any failure) means nothing reached the network. */
export type OpenSend = (input: SendInput) => Promise<OpenedSend>;

interface AttemptRow {
  session_key: string;
  idempotency_key: string;
  status: 'pending' | 'sent' | 'unknown';
  content_hash: string;
  provider_message_id: string | null;
  sent_at: string | null;
}

/** When each send may leave, and whether a refused one goes again. */
export interface Departure {
  /** When the input may leave (ms since the epoch); at once without it. */
  at?: (input: SendInput) => number;
  /**
   * For a refusal (nothing left, its key free again): when to try again, or null to answer it. A
   * ChannelError thrown is the answer instead.
   */
  retryAt?: (input: SendInput, refusal: ChannelError, tries: number) => Promise<number | null>;
}

/** A send of a wave and what came of it: its own request's outcome when it claimed its key. */
interface Answered {
  index: number;
  input: SendInput;
  hash: string;
  result: SendAttempt;
  claimed: boolean;
}

/** Refused: nothing left, so the key is free again. */
const refused = (result: SendAttempt): result is ChannelError =>
  result instanceof ChannelError && result.details.outcome !== 'unknown';

interface Slot {
  hash: string;
  answer: Promise<SendAttempt>;
}

/**
 * JSON with every object's keys in order: a resend builds its content from the stored row, whose
 * jsonb reorders them, and must hash as sent.
 * Written out rather than as a JSON.stringify replacer, which rebuilt every object of every send
 * sorted; the text is the same, byte for byte, so keys recorded before still match.
 */
function canonical(value: unknown): string {
  const json = (value as { toJSON?: () => unknown } | null)?.toJSON;
  if (typeof json === 'function') return canonical(json.call(value));
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(element).join(',')}]`;
  const entries: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (!omitted(v)) entries.push(`${JSON.stringify(key)}:${canonical(v)}`);
  }
  return `{${entries.join(',')}}`;
}

/** What JSON leaves out of an object, and writes as null in an array. */
const omitted = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';
const element = (v: unknown) => (omitted(v) ? 'null' : canonical(v));

/** SHA-256 over what makes two sends the same message: recipient and content. */
export const sendContentHash = (input: Pick<SendInput, 'to' | 'text' | 'media' | 'template'>): string =>
  createHash('sha256')
    .update(canonical([input.to, input.text ?? null, input.media ?? null, input.template ?? null]))
    .digest('hex');

/** A key's identity on a line, as a map key: from an input, or from a row of the ledger. */
const slotKey = (sessionKey: string, idempotencyKey: string) => `${sessionKey}\n${idempotencyKey}`;
const slotOf = (input: SendInput) => slotKey(input.sessionKey, input.idempotencyKey);

const conflict = () =>
  new ChannelError('idempotency_conflict', 'this idempotency key was already used for another recipient or content');

const outcomeUnknown = () =>
  new ChannelError(
    'channel_unavailable',
    'an earlier attempt with this key got no answer from the network, so it may have been delivered: it is not sent again blindly',
    { reason: 'outcome_unknown', outcome: 'unknown' },
  );

/** The answer a repeat of a key gets, given the first one's. */
const repeatOf = (first: SendAttempt, sameContent: boolean): SendAttempt =>
  !sameContent ? conflict() : first instanceof ChannelError ? first : { ...first, duplicate: true };

/**
 * Idempotency for networks that have none (the Cloud API; WAHA and Evolution API too). Sends go in
 * waves: each input waits for its departure time, a wave's requests are opened (written but for
 * their last byte), the opened ones' keys are claimed per line in `chatapp_send_attempts` in one
 * statement, and the claimed ones complete as that statement's commit is written, so no request
 * waits (for a pace, a connection, an answer or a retry) with its key on record
 * (docs/decisions.md). A wave's refusals free their keys at once, and a refusal the
 * network asks to be tried later (throughput) goes in a later wave with a fresh claim; the batch's
 * other outcomes are recorded at its end in one statement each: `sent` with the network's id;
 * `unknown` when the answer never came (never sent again blindly).
 * A key seen before answers the first message (duplicate), or idempotency_conflict for other
 * content. Concurrent sends of one key in this process share one request.
 *
 * Its statements are own statements (core/db/own-statements.ts): on PostgreSQL each commits at
 * once, outside the caller's transaction, so a process killed while waiting for an answer, or a
 * send whose transaction rolls back after the network took it, leaves the key `pending` or `sent`
 * — never free to be sent again blindly (a `pending` row nobody is sending is an unknown outcome,
 * which the status webhook settles). On the embedded engine the rows join the caller's
 * transaction and go with its rollback. Statements run one at a time; only a wave's requests
 * overlap.
 */
export class SendLedger {
  private readonly inFlight = new Map<string, Slot>();

  constructor(private readonly statements: OwnStatements) {}

  /**
   * Each input checked and shaped first (`prepare` throws a ChannelError to refuse it without a
   * request), then the rest through the ledger, each opened with the message `prepare` made for it.
   */
  async sendPrepared<M>(
    shopId: number,
    inputs: SendInput[],
    prepare: (input: SendInput) => { input: SendInput; message: M },
    open: (input: SendInput, message: M) => Promise<OpenedSend>,
    concurrency: number,
  ): Promise<SendAttempt[]> {
    const answers: SendAttempt[] = new Array(inputs.length);
    const ready: { index: number; input: SendInput; message: M }[] = [];
    for (const [index, given] of inputs.entries()) {
      try {
        ready.push({ index, ...prepare(given) });
      } catch (err) {
        if (!(err instanceof ChannelError)) throw err;
        answers[index] = err;
      }
    }
    const messages = new Map(ready.map((r) => [r.input, r.message]));
    const sent = await this.sendMany(
      shopId,
      ready.map((r) => r.input),
      (input) => open(input, messages.get(input)!),
      concurrency,
    );
    for (const [i, { index }] of ready.entries()) answers[index] = sent[i]!;
    return answers;
  }

  /**
   * `open` starts one input's request (one try), in waves of at most `concurrency`, each input no
   * sooner than its departure time; answers in input order. A wave's requests are opened at their
   * departure, the opened ones' keys claimed, and each completed (its last byte) as the claim's
   * commit is written, or abandoned when another attempt holds its key. A request that fails to
   * open is answered without a claim.
   */
  async sendMany(
    shopId: number,
    inputs: SendInput[],
    open: OpenSend,
    concurrency: number,
    departure: Departure = {},
  ): Promise<SendAttempt[]> {
    const answers: SendAttempt[] = new Array(inputs.length);
    const followers: Promise<void>[] = [];
    const own: { index: number; input: SendInput; hash: string; settle: (a: SendAttempt) => void }[] = [];
    for (const [index, input] of inputs.entries()) {
      const hash = sendContentHash(input);
      const running = this.inFlight.get(slotOf(input));
      if (running) {
        followers.push(running.answer.then((first) => void (answers[index] = repeatOf(first, running.hash === hash))));
        continue;
      }
      let settle!: (a: SendAttempt) => void;
      const answer = new Promise<SendAttempt>((resolve) => (settle = resolve));
      this.inFlight.set(slotOf(input), { hash, answer });
      own.push({ index, input, hash, settle });
    }
    try {
      const results = await this.attempt(shopId, own, open, concurrency, departure);
      for (const [i, o] of own.entries()) {
        answers[o.index] = results[i]!;
        o.settle(results[i]!);
      }
    } catch (err) {
      const failure = new ChannelError('channel_unavailable', 'the send failed before the network answered', {
        reason: 'server_error',
        outcome: 'not_sent',
      });
      for (const o of own) o.settle(failure);
      throw err;
    } finally {
      for (const o of own) this.inFlight.delete(slotOf(o.input));
    }
    await Promise.all(followers);
    return answers;
  }

  /**
   * The batch in waves; refusals freed after each wave (before a retry waits), the sent and unknown
   * recorded once at the end. Something failing on our side (a claim the database refused) answers
   * what had not left yet as not sent, and keeps what had.
   */
  private async attempt(
    shopId: number,
    batch: { input: SendInput; hash: string }[],
    open: OpenSend,
    concurrency: number,
    departure: Departure,
  ): Promise<SendAttempt[]> {
    const results: SendAttempt[] = new Array(batch.length);
    const kept: Answered[] = [];
    let queue = batch.map((_, index) => ({ index, at: departure.at?.(batch[index]!.input) ?? 0, tries: 0 }));
    try {
      while (queue.length > 0) {
        queue.sort((a, b) => a.at - b.at);
        if (queue[0]!.at > Date.now()) await sleep(queue[0]!.at - Date.now());
        const now = Date.now();
        let due = 0;
        while (due < queue.length && due < concurrency && queue[due]!.at <= now) due++;
        const wave = queue.slice(0, Math.max(due, 1));
        queue = queue.slice(wave.length);
        const freed: SendInput[] = [];
        for (const a of await this.wave(
          shopId,
          wave.map(({ index }) => ({ index, ...batch[index]! })),
          open,
        )) {
          results[a.index] = a.result;
          if (!a.claimed) continue;
          if (refused(a.result)) freed.push(a.input);
          else kept.push(a);
        }
        await this.free(shopId, freed);
        for (const w of wave) {
          const refusal = results[w.index]!;
          if (!departure.retryAt || !refused(refusal)) continue;
          try {
            const at = await departure.retryAt(batch[w.index]!.input, refusal, w.tries);
            if (at !== null) queue.push({ index: w.index, at, tries: w.tries + 1 });
          } catch (err) {
            if (!(err instanceof ChannelError)) throw err;
            results[w.index] = err;
          }
        }
      }
    } catch (err) {
      const failure = new ChannelError(
        'channel_unavailable',
        `the send failed before the network answered (${(err as Error).message})`,
        { reason: 'server_error', outcome: 'not_sent' },
      );
      for (const i of batch.keys()) results[i] ??= failure;
    }
    await this.record(shopId, kept);
    return results;
  }

  /**
   * One wave: its requests opened, the opened ones' keys claimed, and the claimed ones completed as
   * the claim's commit is written (OwnStatements.commitThen), so that only the gap between those
   * writes separates a key on record from a request the network can act on: a process killed in it
   * leaves a key `pending` whose request never arrived. So nothing else runs in that gap; the
   * answers are awaited, and the rest abandoned, after. The claimed ones answer their request's
   * outcome; those that did not open, their failure (nothing left); the others what the earlier
   * attempt with their key did.
   */
  private async wave(
    shopId: number,
    wave: { index: number; input: SendInput; hash: string }[],
    open: OpenSend,
  ): Promise<Answered[]> {
    const answered: Answered[] = [];
    const opened: ((typeof wave)[number] & { request: OpenedSend })[] = [];
    for (const [i, result] of (await Promise.allSettled(wave.map((w) => open(w.input)))).entries()) {
      if (result.status === 'fulfilled') opened.push({ ...wave[i]!, request: result.value });
      else answered.push({ ...wave[i]!, result: notOpened(result.reason), claimed: false });
    }
    if (opened.length === 0) return answered;
    const bySlot = new Map(opened.map((o) => [slotOf(o.input), o]));
    // In key order, so concurrent claims of overlapping keys take their row locks alike.
    const rows = opened
      .map(({ input, hash }) => attemptRow(input, hash))
      .sort((a, b) => (slotKey(a.session_key, a.idempotency_key) < slotKey(b.session_key, b.idempotency_key) ? -1 : 1));
    let claim;
    try {
      claim = await this.statements.commitThen(
        `insert into chatapp_send_attempts (shop_id, session_key, idempotency_key, recipient, content_hash, status, created_at, updated_at)
         select $1, v.session_key, v.idempotency_key, v.recipient, v.content_hash, 'pending', now(), now()
         from json_to_recordset($2::json) as v(session_key text, idempotency_key text, recipient text, content_hash text)
         on conflict (session_key, idempotency_key) do nothing returning session_key, idempotency_key`,
        [shopId, JSON.stringify(rows)],
        (claimedRows: { session_key: string; idempotency_key: string }[]) => {
          const sending = claimedRows.map((r) => bySlot.get(slotKey(r.session_key, r.idempotency_key))!);
          for (const o of sending) o.request.complete();
          return sending;
        },
      );
    } catch (err) {
      for (const o of opened) o.request.abandon();
      throw err;
    }
    const { value: sending, committed } = claim;
    const results = sending.map((o) =>
      o.request.answer().then(
        (p): SendResult => ({
          providerMessageId: p.providerMessageId,
          status: 'sent',
          duplicate: false,
          sentAt: p.sentAt,
        }),
        (err: unknown) => (err instanceof ChannelError ? err : failedOnOurSide(err)),
      ),
    );
    const claimed = new Set(sending);
    const others = opened.filter((o) => !claimed.has(o));
    for (const o of others) o.request.abandon();
    // A commit that failed after the requests left: record() writes them all the same.
    await committed.catch(() => undefined);
    for (const [i, { index, input, hash }] of sending.entries())
      answered.push({ index, input, hash, result: await results[i]!, claimed: true });
    if (others.length === 0) return answered;
    const earlier = await this.earlier(
      shopId,
      others.map((o) => o.input),
    ).catch(() => null);
    for (const { index, input, hash } of others)
      answered.push({
        index,
        input,
        hash,
        result: earlier ? this.fromEarlier(earlier.get(slotOf(input)), hash) : earlierUnread(),
        claimed: false,
      });
    return answered;
  }

  private async earlier(shopId: number, inputs: SendInput[]): Promise<Map<string, AttemptRow>> {
    if (inputs.length === 0) return new Map();
    const rows = await this.statements.query<AttemptRow>(
      `select a.session_key, a.idempotency_key, a.status, a.content_hash, a.provider_message_id, a.sent_at
       from chatapp_send_attempts a join json_to_recordset($2::json) as v(session_key text, idempotency_key text)
         on a.session_key = v.session_key and a.idempotency_key = v.idempotency_key
       where a.shop_id = $1`,
      [shopId, JSON.stringify(inputs.map((i) => ({ session_key: i.sessionKey, idempotency_key: i.idempotencyKey })))],
    );
    return new Map(rows.map((r) => [slotKey(r.session_key, r.idempotency_key), r]));
  }

  private fromEarlier(row: AttemptRow | undefined, hash: string): SendAttempt {
    // Gone between the claim and the read: a concurrent attempt with the key was refused and freed it.
    if (!row)
      return new ChannelError('channel_unavailable', 'the earlier attempt with this key was just refused; send again', {
        reason: 'server_error',
        outcome: 'not_sent',
      });
    if (row.content_hash !== hash) return conflict();
    if (row.status !== 'sent') return outcomeUnknown();
    return {
      providerMessageId: row.provider_message_id!,
      status: 'sent',
      duplicate: true,
      sentAt: new Date(row.sent_at!),
    } satisfies SendResult;
  }

  /**
   * One statement per outcome: sent with its id, unknown kept. Written whether or not the claim's
   * commit made it (a request that left is on record either way); unknown never overwrites a sent
   * that the status webhook settled first.
   */
  private async record(shopId: number, done: Answered[]) {
    const sent = done.flatMap(({ input, hash, result }) =>
      result instanceof ChannelError
        ? []
        : [{ ...attemptRow(input, hash), provider_message_id: result.providerMessageId, sent_at: result.sentAt }],
    );
    const unknown = done.flatMap(({ input, hash, result }) =>
      result instanceof ChannelError && result.details.outcome === 'unknown' ? [attemptRow(input, hash)] : [],
    );
    if (sent.length > 0)
      await this.statements.query(
        `insert into chatapp_send_attempts as a (shop_id, session_key, idempotency_key, recipient, content_hash, status, provider_message_id, sent_at, created_at, updated_at)
         select $1, v.session_key, v.idempotency_key, v.recipient, v.content_hash, 'sent', v.provider_message_id, v.sent_at, now(), now()
         from json_to_recordset($2::json) as v(session_key text, idempotency_key text, recipient text, content_hash text, provider_message_id text, sent_at timestamptz)
         on conflict (session_key, idempotency_key) do update
           set status = 'sent', provider_message_id = excluded.provider_message_id, sent_at = excluded.sent_at, updated_at = now()
           where a.shop_id = excluded.shop_id`,
        [shopId, JSON.stringify(sent)],
      );
    if (unknown.length > 0)
      await this.statements.query(
        `insert into chatapp_send_attempts as a (shop_id, session_key, idempotency_key, recipient, content_hash, status, created_at, updated_at)
         select $1, v.session_key, v.idempotency_key, v.recipient, v.content_hash, 'unknown', now(), now()
         from json_to_recordset($2::json) as v(session_key text, idempotency_key text, recipient text, content_hash text)
         on conflict (session_key, idempotency_key) do update set status = 'unknown', updated_at = now()
           where a.shop_id = excluded.shop_id and a.status = 'pending'`,
        [shopId, JSON.stringify(unknown)],
      );
  }

  /** Keys whose request did not reach the network: free for a later send. */
  private async free(shopId: number, inputs: SendInput[]) {
    if (inputs.length === 0) return;
    await this.statements.query(
      `delete from chatapp_send_attempts a using json_to_recordset($2::json) as v(session_key text, idempotency_key text)
       where a.shop_id = $1 and a.session_key = v.session_key and a.idempotency_key = v.idempotency_key`,
      [shopId, JSON.stringify(inputs.map(key))],
    );
  }
}

/** The earlier attempt holding a key could not be read: this call sent nothing, and a later one will know. */
const earlierUnread = () =>
  new ChannelError('channel_unavailable', 'an earlier attempt holds this key and could not be read; send again', {
    reason: 'server_error',
    outcome: 'not_sent',
  });

const key = (input: SendInput) => ({ session_key: input.sessionKey, idempotency_key: input.idempotencyKey });

/** A ledger row's identity and content, as the claim and the upserts write it. */
const attemptRow = (input: SendInput, hash: string) => ({ ...key(input), recipient: input.to, content_hash: hash });

/** A request that did not open: the network got nothing it could act on. */
const notOpened = (err: unknown): ChannelError =>
  err instanceof ChannelError
    ? err
    : new ChannelError('channel_unavailable', `the request could not be started (${(err as Error).message})`, {
        reason: 'server_error',
        outcome: 'not_sent',
      });

/** A post that failed with something other than the network's answer: it may have left, so it is not repeated blindly. */
const failedOnOurSide = (err: unknown) =>
  new ChannelError(
    'channel_unavailable',
    `the send failed on our side (${(err as Error).message}) and may have reached the network: it is not sent again blindly`,
    { reason: 'server_error', outcome: 'unknown' },
  );

/**
 * A status the network sent for a message whose send got no answer (its outcome `unknown`),
 * matched by the key it echoes: the network did take it, so the attempt is `sent` with the
 * network's id. In the caller's transaction (the ingestion's, which records the message's side).
 */
export async function settleFromStatus(
  em: EntityManager,
  shopId: number,
  settled: { session_key: string; idempotency_key: string; provider_message_id: string; sent_at: Date }[],
): Promise<void> {
  if (settled.length === 0) return;
  await sql(
    em,
    `update chatapp_send_attempts a set status = 'sent', provider_message_id = v.provider_message_id, sent_at = v.sent_at, updated_at = now()
     from json_to_recordset($2::json) as v(session_key text, idempotency_key text, provider_message_id text, sent_at timestamptz)
     where a.shop_id = $1 and a.session_key = v.session_key and a.idempotency_key = v.idempotency_key and a.status <> 'sent'`,
    [shopId, JSON.stringify(settled)],
  );
}
