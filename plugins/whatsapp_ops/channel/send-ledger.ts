import { createHash } from 'node:crypto';
import { sql, type EntityManager, type OwnStatements } from '../../../core/index.js';
import { ChannelError } from './channel-error.js';
import type { SendAttempt, SendInput, SendResult } from './channel-port.js';

/** What a network answered for a request that reached it. */
export interface Posted {
  providerMessageId: string;
  sentAt: Date;
}

interface AttemptRow {
  session_key: string;
  idempotency_key: string;
  status: 'pending' | 'sent' | 'unknown';
  content_hash: string;
  provider_message_id: string | null;
  sent_at: string | null;
}

interface Slot {
  hash: string;
  answer: Promise<SendAttempt>;
}

/** JSON with object keys sorted: a resend builds its content from the stored row, whose jsonb reorders keys. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );

/** SHA-256 over what makes two sends the same message: recipient and content. */
export const sendContentHash = (input: Pick<SendInput, 'to' | 'text' | 'media' | 'template'>): string =>
  createHash('sha256')
    .update(canonical([input.to, input.text ?? null, input.media ?? null, input.template ?? null]))
    .digest('hex');

const slotOf = (input: SendInput) => `${input.sessionKey}\n${input.idempotencyKey}`;

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
 * Idempotency for networks that have none (the Cloud API; WAHA and Evolution API too). A batch's
 * keys are claimed per line in `chatapp_send_attempts` in one statement before any request leaves,
 * and settled in one statement per outcome after: `sent` with the network's id; `unknown` when the
 * answer never came (never sent again blindly); a refusal frees its key. A key seen before answers
 * the first message (duplicate), or idempotency_conflict for other content. Concurrent sends of
 * one key in this process share one request.
 *
 * Its statements are own statements (core/db/own-statements.ts): on PostgreSQL each commits at
 * once, outside the caller's transaction, so the claim is on record before the request leaves,
 * and a process killed while waiting for the answer, or a send whose transaction rolls back after
 * the network took it, leaves the key `pending` or `sent` — never free to be sent again blindly
 * (a `pending` row nobody is sending is an unknown outcome, which the status webhook settles). A
 * key whose request never left is freed whatever went wrong after its claim. On the embedded
 * engine the rows join the caller's transaction and go with its rollback.
 * Statements run one at a time; only the requests overlap.
 */
export class SendLedger {
  private readonly inFlight = new Map<string, Slot>();

  constructor(private readonly statements: OwnStatements) {}

  /**
   * Each input checked and shaped first (`prepare` throws a ChannelError to refuse it without a
   * request), then the rest through the ledger, each posted with the message `prepare` made for it.
   */
  async sendPrepared<M>(
    shopId: number,
    inputs: SendInput[],
    prepare: (input: SendInput) => { input: SendInput; message: M },
    post: (input: SendInput, message: M) => Promise<Posted>,
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
      (input) => post(input, messages.get(input)!),
      concurrency,
    );
    for (const [i, { index }] of ready.entries()) answers[index] = sent[i]!;
    return answers;
  }

  /** `post` reaches the network for one input, at most `concurrency` at a time; answers in input order. */
  async sendMany(
    shopId: number,
    inputs: SendInput[],
    post: (input: SendInput) => Promise<Posted>,
    concurrency: number,
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
      const results = await this.attempt(shopId, own, post, concurrency);
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

  private async attempt(
    shopId: number,
    batch: { input: SendInput; hash: string }[],
    post: (input: SendInput) => Promise<Posted>,
    concurrency: number,
  ): Promise<SendAttempt[]> {
    if (batch.length === 0) return [];
    const rows = batch
      .map(({ input, hash }) => ({
        session_key: input.sessionKey,
        idempotency_key: input.idempotencyKey,
        recipient: input.to,
        content_hash: hash,
      }))
      .sort((a, b) => (a.session_key + '\n' + a.idempotency_key < b.session_key + '\n' + b.idempotency_key ? -1 : 1));
    const claimed = new Set(
      (
        await this.statements.query<{ session_key: string; idempotency_key: string }>(
          `insert into chatapp_send_attempts (shop_id, session_key, idempotency_key, recipient, content_hash, status, created_at, updated_at)
           select $1, v.session_key, v.idempotency_key, v.recipient, v.content_hash, 'pending', now(), now()
           from json_to_recordset($2::json) as v(session_key text, idempotency_key text, recipient text, content_hash text)
           on conflict (session_key, idempotency_key) do nothing returning session_key, idempotency_key`,
          [shopId, JSON.stringify(rows)],
        )
      ).map((r) => `${r.session_key}\n${r.idempotency_key}`),
    );
    const results: SendAttempt[] = new Array(batch.length);
    const toPost = [...batch.keys()].filter((i) => claimed.has(slotOf(batch[i]!.input)));
    try {
      const earlier = await this.earlier(
        shopId,
        batch.filter(({ input }) => !claimed.has(slotOf(input))).map((b) => b.input),
      );
      for (const [i, { input, hash }] of batch.entries())
        if (!claimed.has(slotOf(input))) results[i] = this.fromEarlier(earlier.get(slotOf(input)), hash);
    } catch (err) {
      // Nothing has left: the keys claimed are free again (as far as the database still answers).
      await this.free(
        shopId,
        toPost.map((i) => batch[i]!.input),
      ).catch(() => {});
      throw err;
    }
    let next = 0;
    const lane = async () => {
      while (next < toPost.length) {
        const i = toPost[next++]!;
        results[i] = await post(batch[i]!.input).then(
          (posted): SendResult => ({
            providerMessageId: posted.providerMessageId,
            status: 'sent',
            duplicate: false,
            sentAt: posted.sentAt,
          }),
          (err: unknown) => (err instanceof ChannelError ? err : failedOnOurSide(err)),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, toPost.length) }, lane));
    await this.settle(
      shopId,
      toPost.map((i) => ({ input: batch[i]!.input, result: results[i]! })),
    );
    return results;
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
    return new Map(rows.map((r) => [`${r.session_key}\n${r.idempotency_key}`, r]));
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

  /** One statement per outcome: sent with its id, unknown kept, refused freed. */
  private async settle(shopId: number, done: { input: SendInput; result: SendAttempt }[]) {
    const sent = done.flatMap(({ input, result }) =>
      result instanceof ChannelError
        ? []
        : [{ ...key(input), provider_message_id: result.providerMessageId, sent_at: result.sentAt }],
    );
    const unknown = done.flatMap(({ input, result }) =>
      result instanceof ChannelError && result.details.outcome === 'unknown' ? [key(input)] : [],
    );
    if (sent.length > 0)
      await this.statements.query(
        `update chatapp_send_attempts a set status = 'sent', provider_message_id = v.provider_message_id, sent_at = v.sent_at, updated_at = now()
         from json_to_recordset($2::json) as v(session_key text, idempotency_key text, provider_message_id text, sent_at timestamptz)
         where a.shop_id = $1 and a.session_key = v.session_key and a.idempotency_key = v.idempotency_key`,
        [shopId, JSON.stringify(sent)],
      );
    if (unknown.length > 0)
      await this.statements.query(
        `update chatapp_send_attempts a set status = 'unknown', updated_at = now()
         from json_to_recordset($2::json) as v(session_key text, idempotency_key text)
         where a.shop_id = $1 and a.session_key = v.session_key and a.idempotency_key = v.idempotency_key`,
        [shopId, JSON.stringify(unknown)],
      );
    await this.free(
      shopId,
      done.flatMap(({ input, result }) =>
        result instanceof ChannelError && result.details.outcome !== 'unknown' ? [input] : [],
      ),
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

const key = (input: SendInput) => ({ session_key: input.sessionKey, idempotency_key: input.idempotencyKey });

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
