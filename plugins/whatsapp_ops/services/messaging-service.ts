import { LockMode } from '@mikro-orm/core';
import { invalidArguments, normalizePhone, sql, ToolError } from '../../../core/index.js';
import type { ChannelPort, MediaAttachment, TemplateMessage } from '../channel/channel-port.js';
import { ChannelError } from '../channel/channel-error.js';
import { ChatappMessage } from '../entities/chatapp-message.entity.js';
import type { RoutingRole } from '../entities/values.js';
import type { ChatappCradle } from './cradle.js';
import { TRANSIENT_CHANNEL_CODES, toolErrorFromChannel } from './channel-failure.js';
import { checkContent, checkIdempotencyKey, mediaForPort, sameContent } from './message-content.js';
import { advanceStatus } from './message-status.js';
import { channelLabel } from './channel-label.js';
import { MESSAGES_SENT } from '../operations/metrics.js';
import { messagePayload, type MessageFields, type MessagePayload } from './payloads.js';
import type { SendLine } from './sessions-service.js';
import { fillTemplate, type TemplateRequest } from './template-fill.js';
import type { ChatappTemplate } from '../entities/chatapp-template.entity.js';

export interface SendRequest {
  /** The customer, with international prefix. */
  phone: string;
  text?: string | null;
  media?: MediaAttachment | null;
  /** An approved template of the line's provider instead of text and media (lines whose adapter has templates). */
  template?: TemplateRequest;
  /** The line to use; default: chosen by senderRole among the connected lines. */
  sessionId?: number;
  senderRole?: RoutingRole;
  /** Sent by an automation (opt-outs and the contact-window filter apply), not typed by a person. */
  automatic: boolean;
  billingSource?: string | null;
  /** The same key never makes a second message; default: derived from the message row. */
  idempotencyKey?: string;
  /** Credits for this message; default the group's messageCost (500). Campaigns pass 1000. */
  creditsCost?: number;
}

/** One request's answer in sendMany(). */
export type SendAnswer = { message: MessagePayload } | { error: ToolError };

interface Checked {
  index: number;
  request: SendRequest;
  phone: string;
  /** For a template send, its text once filled in (after the line is known). */
  content: ReturnType<typeof checkContent>;
  /** The template filled in for the line; null for free-form messages. */
  template: TemplateMessage | null;
  cost: number;
  billingSource: string | null;
  key: string | null;
}

/** JSON with object keys sorted: a stored jsonb value comes back with its keys reordered. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );

/** What two requests with one key must share: the phone, and the content or the template asked for. */
const sameRequest = (a: Checked, b: Checked) =>
  a.phone === b.phone &&
  (a.request.template || b.request.template
    ? canonical(a.request.template ?? null) === canonical(b.request.template ?? null)
    : sameContent(a.content, b.content));

/** Refusals that say the line, not the message, is the problem: the message never reached the network. */
const LINE_REFUSALS = new Set(['session_not_connected', 'session_not_found']);

const idempotencyConflict = (messageId: number) =>
  new ToolError('idempotency_conflict', 'This idempotency key was already used for a different message.', {
    message_id: messageId,
  });

/**
 * An outbound message as the send path carries it: a stored row (a retry, a resumed key), or one
 * of a new batch, which is written once the network has answered (see record()).
 */
type Outbound = MessageFields & { session: SendLine };

/** Unsent messages older than this stop being retried: they fail and their credits go back. */
const RETRY_FOR_MS = 24 * 3_600_000;

/**
 * THE send path. Every group that messages a customer comes through send(): opt-outs and the
 * contact-window filter are enforced here for automatic sends, the credits are debited in the
 * transaction that records the message, and the port is called with the message's idempotency key.
 * A message the network could not take yet is recorded `sending` and is sent again, with the same
 * key, by retrySending() (the retry job, and once at start).
 */
export class ChatappMessagingService {
  constructor(private readonly deps: ChatappCradle) {}

  private get em() {
    return this.deps.em;
  }

  async send(request: SendRequest): Promise<{ message: MessagePayload }> {
    const [answer] = await this.sendMany([request]);
    if ('error' in answer!) throw answer.error;
    return answer!;
  }

  /**
   * send() for a batch, in the caller's transaction, with the same rules for every request and
   * one query per step instead of one per message (a campaign sends hundreds at a time). Answers
   * in request order: the message, or the refusal send() would have thrown; a refused request
   * records and charges nothing and does not hold up the others.
   */
  async sendMany(requests: SendRequest[]): Promise<SendAnswer[]> {
    const answers: SendAnswer[] = new Array(requests.length);
    const refuse = (index: number, err: unknown) => {
      if (!(err instanceof ToolError)) throw err;
      answers[index] = { error: err };
    };
    let batch: Checked[] = [];
    // A key given twice in one batch makes one message: the repeat gets the first one's answer.
    const repeats: { repeat: Checked; first: Checked }[] = [];
    for (const [index, request] of requests.entries()) {
      try {
        batch.push({ index, request, ...this.checked(request) });
      } catch (err) {
        refuse(index, err);
      }
    }

    const keys = [...new Set(batch.flatMap((c) => (c.key === null ? [] : [c.key])))];
    if (keys.length > 0) {
      // Concurrent sends with one key wait here for each other instead of racing to the insert (sorted: no deadlock between batches).
      await sql(
        this.em,
        'select count(pg_advisory_xact_lock($1, hashtext(k))) from (select k from json_array_elements_text($2::json) k order by k) keys',
        [this.deps.shop.id, JSON.stringify(keys.map((k) => `chatapp-send:${k}`))],
      );
      const earlier = new Map(
        (
          await this.em.find(
            ChatappMessage,
            { idempotencyKey: { $in: keys }, direction: 'outbound' },
            { populate: ['session'] },
          )
        ).map((m) => [m.idempotencyKey!, m]),
      );
      const fresh: Checked[] = [];
      const firstWithKey = new Map<string, Checked>();
      for (const c of batch) {
        const first = c.key === null ? undefined : earlier.get(c.key);
        if (first)
          await this.resume(first, c).then(
            (m) => (answers[c.index] = { message: messagePayload(m) }),
            (err) => refuse(c.index, err),
          );
        else if (c.key !== null && firstWithKey.has(c.key))
          repeats.push({ repeat: c, first: firstWithKey.get(c.key)! });
        else {
          if (c.key !== null) firstWithKey.set(c.key, c);
          fresh.push(c);
        }
      }
      batch = fresh;
    }

    const optedOut = await this.deps.chatappOptoutsService.optedOutAmong(
      batch.filter((c) => c.request.automatic).map((c) => c.phone),
    );
    batch = batch.filter((c) => {
      if (!c.request.automatic || !optedOut.has(c.phone)) return true;
      refuse(
        c.index,
        new ToolError('opted_out', `${c.phone} has opted out of automatic messages; nothing was sent or charged.`, {
          phone: c.phone,
        }),
      );
      return false;
    });
    const lines = await this.deps.chatappSessionsService.forSends(
      batch.map((c) => ({ phone: c.phone, sessionId: c.request.sessionId, role: c.request.senderRole ?? 'general' })),
    );
    const routed = batch.flatMap((c, i) => {
      const line = lines[i]!;
      if (line instanceof ToolError) {
        refuse(c.index, line);
        return [];
      }
      return [{ ...c, line }];
    });
    const ready = await this.forNetwork(routed, refuse);
    const windowed = ready.filter((c) => c.request.automatic && c.billingSource !== null);
    const outside = await this.deps.chatappEligibilityService.refusals(
      windowed.map((c) => ({ line: c.line, phone: c.phone, billingSource: c.billingSource! })),
    );
    const refusedByWindow = new Set(
      windowed.flatMap((c, i) => (outside[i] ? (refuse(c.index, outside[i]), [c.index]) : [])),
    );

    const accepted = ready.filter((c) => !refusedByWindow.has(c.index));
    if (accepted.length > 0) await this.record(accepted, answers, refuse);
    for (const { repeat, first } of repeats) {
      const answer = answers[first.index]!;
      answers[repeat.index] =
        'error' in answer || sameRequest(first, repeat) ? answer : { error: idempotencyConflict(answer.message.id) };
    }
    return answers;
  }

  /**
   * What each line's network allows, checked before anything is charged: a template is filled in
   * for its line (which must be able to send templates); a free-form message on a network with a
   * customer-service window (the Cloud API) must fall within 24 h of the customer's last message.
   */
  private async forNetwork<C extends Checked & { line: SendLine }>(
    routed: C[],
    refuse: (index: number, err: unknown) => void,
  ): Promise<C[]> {
    const ports: (ChannelPort | null)[] = [];
    for (const c of routed)
      ports.push(
        await this.deps.chatappChannels
          .forLine(c.line)
          .catch((err: unknown) => (refuse(c.index, toolErrorFromChannel(err)), null)),
      );
    const usable: C[] = [];
    const freeFormInWindow: C[] = [];
    // A campaign's batch names one template hundreds of times: it is looked up once per provider.
    const templates = new Map<string, Promise<ChatappTemplate>>();
    const templateFor = (line: SendLine, request: TemplateRequest) => {
      const key = `${line.providerId}\n${request.name}\n${request.language ?? ''}`;
      let found = templates.get(key);
      if (!found) templates.set(key, (found = this.deps.chatappTemplatesService.approved(line, request)));
      return found;
    };
    for (const [i, c] of routed.entries()) {
      const port = ports[i];
      if (!port) continue;
      if (c.request.template) {
        if (!port.capabilities.templates) {
          refuse(
            c.index,
            new ToolError(
              'not_supported',
              `Line ${c.line.id} (${port.kind}) cannot send message templates; send text, or use a Cloud API line.`,
              {
                session_id: c.line.id,
              },
            ),
          );
          continue;
        }
        try {
          const filled = fillTemplate(await templateFor(c.line, c.request.template), c.request.template);
          c.template = filled.message;
          c.content = { text: filled.text, media: null };
        } catch (err) {
          refuse(c.index, err);
          continue;
        }
      } else if (port.capabilities.customerServiceWindow) freeFormInWindow.push(c);
      usable.push(c);
    }
    const outside = await this.deps.chatappEligibilityService.serviceWindowRefusals(
      freeFormInWindow.map((c) => ({ line: c.line, phone: c.phone })),
    );
    const refused = new Set(
      freeFormInWindow.flatMap((c, i) => (outside[i] ? (refuse(c.index, outside[i]), [c.index]) : [])),
    );
    return usable.filter((c) => !refused.has(c.index));
  }

  /**
   * Debits the batch's messages (as many as the credits cover), hands them to the network and
   * writes them, with the network's answer, in one statement. They are written after the call, not
   * before it: all of it is one transaction, so a row written first would vanish with a rollback
   * just the same, and writing each row twice (recorded, then answered) through entities cost the
   * campaign engine 44% of its process CPU and 20% of PostgreSQL's. Their ids are drawn first, for
   * the keys and the ledger's references.
   */
  private async record(
    accepted: (Checked & { line: SendLine })[],
    answers: SendAnswer[],
    refuse: (index: number, err: unknown) => void,
  ): Promise<void> {
    const ids = await sql<{ id: number }>(
      this.em,
      `select nextval(pg_get_serial_sequence('chatapp_messages', 'id'))::int as id from generate_series(1, $1)`,
      [accepted.length],
    );
    const now = new Date();
    const rows = accepted.map((c, i) => {
      const id = ids[i]!.id;
      const message: Outbound = {
        id,
        session: c.line,
        phone: c.phone,
        direction: 'outbound',
        text: c.content.text,
        media: c.content.media,
        template: c.template,
        status: 'sending',
        providerMessageId: null,
        idempotencyKey: c.key ?? `chatapp-message-${id}`,
        automatic: c.request.automatic,
        billingSource: c.billingSource,
        creditsCharged: c.cost,
        error: null,
        sentAt: null,
        createdAt: now,
        updatedAt: now,
      };
      return { index: c.index, cost: c.cost, message };
    });
    const paid = rows.filter((r) => r.cost > 0);
    const { taken, refusals } = await this.deps.credits.debitEach(
      paid.map((r) => ({ amount: r.cost, reference: `chatapp_message:${r.message.id}` })),
      'chatapp_message',
    );
    // insufficient_credits: those messages are not written, so a caller that carries on leaves nothing behind.
    for (const [i, refusal] of refusals.entries()) refuse(paid[taken + i]!.index, refusal);
    const toSend = rows.filter((r) => !answers[r.index]);
    const delivered = await this.deliverMany(
      toSend.map((r) => r.message),
      (messages) => this.insert(messages),
    );
    for (const [i, row] of toSend.entries()) {
      const outcome = delivered[i]!;
      if (outcome instanceof ToolError) refuse(row.index, outcome);
      else answers[row.index] = { message: messagePayload(outcome) };
    }
  }

  /** A new batch's messages, as the network left them: each row is its payload. */
  private async insert(messages: Outbound[]): Promise<void> {
    const now = new Date();
    for (const m of messages) m.updatedAt = now;
    await sql(
      this.em,
      `insert into chatapp_messages (id, shop_id, session_id, phone, direction, text, media, template, status, provider_message_id,
         idempotency_key, automatic, billing_source, credits_charged, error, sent_at, created_at, updated_at)
       select v.id, $2, v.session_id, v.phone, v.direction, v.text, v.media, v.template, v.status, v.provider_message_id,
         v.idempotency_key, v.automatic, v.billing_source, v.credits_charged, v.error, v.sent_at, v.created_at, v.updated_at
       from json_to_recordset($1::json) as v(id int, session_id int, phone text, direction text, text text, media jsonb,
         template jsonb, status text, provider_message_id text, idempotency_key text, automatic boolean, billing_source text,
         credits_charged int, error text, sent_at timestamptz, created_at timestamptz, updated_at timestamptz)`,
      [JSON.stringify(messages.map(messagePayload)), this.deps.shop.id],
    );
  }

  /** The request's own checks, before anything is read: a bad one is refused alone. */
  private checked(request: SendRequest) {
    // Callers resolve this service untyped; a forgotten flag must not slip past the opt-outs as "manual".
    if (typeof request.automatic !== 'boolean')
      throw invalidArguments('automatic must be true or false.', [{ path: 'automatic', message: 'is required' }]);
    const phone = normalizePhone(request.phone);
    if (request.template && (request.text != null || request.media != null))
      throw invalidArguments('A template send carries its own content: give the template without text or media.', [
        { path: 'template', message: 'excludes text and media' },
      ]);
    const content = request.template ? { text: null, media: null } : checkContent(request.text, request.media);
    const cost = request.creditsCost ?? this.deps.config.messageCost;
    if (!Number.isInteger(cost) || cost < 0)
      throw invalidArguments('creditsCost must be a whole number of credits, 0 or more.', [
        { path: 'credits_cost', message: 'must be an integer >= 0' },
      ]);
    const billingSource = request.billingSource ?? null;
    if (billingSource !== null && !/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(billingSource)) {
      throw invalidArguments(`billing_source "${billingSource}" is not a source name.`, [
        { path: 'billing_source', message: 'must be letters, digits and _ (at most 40)' },
      ]);
    }
    const key = request.idempotencyKey === undefined ? null : checkIdempotencyKey(request.idempotencyKey);
    return { phone, content, template: null, cost, billingSource, key };
  }

  /**
   * A message typed by a person (send_chatapp_message): not automatic, so an opted-out number
   * still gets it; the answer says so.
   */
  async sendManual(phone: string, text: string, sessionId: number | undefined) {
    const { message } = await this.send({ phone, text, sessionId, automatic: false });
    const session = await this.deps.chatappSessionsService.get(message.session_id);
    return {
      message,
      recipient_opted_out: await this.deps.chatappOptoutsService.isOptedOut(message.phone),
      ...channelLabel([session]),
    };
  }

  /**
   * An approved template typed by a person (send_chatapp_template): not automatic. Without a line
   * named, the default line among those whose network sends templates.
   */
  async sendTemplate(phone: string, template: TemplateRequest, sessionId: number | undefined) {
    let line = sessionId;
    if (line === undefined) {
      const channels = this.deps.chatappChannels;
      const chosen = await this.deps.chatappSessionsService.chooseFor(
        normalizePhone(phone),
        'general',
        async (s) => (await channels.capabilitiesOf(s))?.templates === true,
      );
      if (!chosen)
        throw new ToolError(
          'session_not_connected',
          'No connected line with the general role can send templates (a Cloud API number): connect one with connect_chatapp (provider_id, phone_number_id), or name session_id.',
          { sender_role: 'general' },
        );
      line = chosen.id;
    }
    const { message } = await this.send({ phone, template, sessionId: line, automatic: false });
    const session = await this.deps.chatappSessionsService.get(message.session_id);
    return {
      message,
      recipient_opted_out: await this.deps.chatappOptoutsService.isOptedOut(message.phone),
      ...channelLabel([session]),
    };
  }

  /**
   * Sends again the shop's messages left in `sending` (the network was unreachable), each with its
   * own key, so a message the network already took is answered with the first one, never sent
   * twice. Rows another process is working on are skipped.
   */
  async retrySending(limit = 50): Promise<{ sent: number; waiting: number; failed: number }> {
    const rows = await this.em.find(
      ChatappMessage,
      { status: 'sending', direction: 'outbound' },
      { orderBy: { id: 'asc' }, limit, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
    );
    await this.em.populate(rows, ['session']);
    const outcome = { sent: 0, waiting: 0, failed: 0 };
    const live: ChatappMessage[] = [];
    for (const row of rows) {
      if (row.createdAt.getTime() >= Date.now() - RETRY_FOR_MS) live.push(row);
      else {
        // An unknown outcome no status settled ends here too, with what was last known of it.
        await this.fail(
          row,
          `expired: the network did not take the message, or confirm taking it, within ${RETRY_FOR_MS / 3_600_000} h${row.error ? ` (last: ${row.error})` : ''}`,
        );
        outcome.failed++;
      }
    }
    await this.em.flush();
    for (const result of await this.deliverMany(live, () => this.em.flush())) {
      if (result instanceof ToolError) outcome.failed++;
      else if (result.status === 'sending') outcome.waiting++;
      else outcome.sent++;
    }
    return outcome;
  }

  /** A send repeated with a key already used: the first message, sent again only if it never left. */
  private async resume(earlier: ChatappMessage, repeat: Checked): Promise<ChatappMessage> {
    const same = repeat.request.template
      ? earlier.template !== null &&
        earlier.phone === repeat.phone &&
        canonical(
          (await this.deps.chatappTemplatesService.prepare(earlier.session, repeat.request.template)).message,
        ) === canonical(earlier.template)
      : earlier.phone === repeat.phone && earlier.template == null && sameContent(earlier, repeat.content);
    if (!same) throw idempotencyConflict(earlier.id);
    if (earlier.status !== 'sending') return earlier;
    const locked = await this.em.findOne(
      ChatappMessage,
      { id: earlier.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, populate: ['session'] },
    );
    return locked!.status === 'sending' ? this.deliver(locked!) : locked!;
  }

  /** deliverMany() of one message: a refusal is thrown. */
  private async deliver(message: ChatappMessage): Promise<ChatappMessage> {
    const [outcome] = await this.deliverMany([message], () => this.em.flush());
    if (outcome instanceof ToolError) throw outcome;
    return outcome!;
  }

  /**
   * Hands the debited messages to the network with their keys, in one round, and has `write` store
   * what it answered before anyone hears of them. Taken: `sent` (or further, for a key the network
   * had seen) and `whatsapp_ops.message_sent`. Unreachable: stays `sending`. Refused: `failed`, the
   * credits go back, and the answer is the refusal.
   */
  private async deliverMany<M extends Outbound>(
    messages: M[],
    write: (messages: M[]) => Promise<void>,
  ): Promise<(M | ToolError)[]> {
    if (messages.length === 0) return [];
    const attempts = await this.deps.chatappChannels.sendMany(
      messages.map((message) => ({
        line: message.session,
        send: {
          to: message.phone,
          ...(message.text != null && { text: message.text }),
          ...(message.media && { media: mediaForPort(message.media) }),
          ...(message.template && { template: message.template }),
          idempotencyKey: message.idempotencyKey!,
        },
      })),
    );
    const outcomes: (M | ToolError)[] = [];
    const taken: M[] = [];
    for (const [i, message] of messages.entries()) {
      const attempt = attempts[i]!;
      if (!(attempt instanceof ChannelError)) {
        message.providerMessageId = attempt.providerMessageId;
        message.sentAt = attempt.sentAt;
        message.status = advanceStatus(message.status, attempt.status) ?? message.status;
        message.error = null;
        taken.push(message);
        outcomes.push(message);
      } else if (TRANSIENT_CHANNEL_CODES.has(attempt.code)) {
        message.error = `${attempt.code}: ${attempt.message}`;
        outcomes.push(message);
      } else {
        // The network checks a key before the line: refused for its line, it took nothing under the
        // caller's key, which is freed for the next attempt (a campaign requeues the recipient).
        if (LINE_REFUSALS.has(attempt.code)) message.idempotencyKey = `chatapp-message-${message.id}`;
        await this.fail(message, `${attempt.code}: ${attempt.message}`);
        outcomes.push(toolErrorFromChannel(attempt) as ToolError);
      }
    }
    await write(messages);
    const refused = outcomes.filter((outcome) => outcome instanceof ToolError).length;
    const counts = { sent: taken.length, waiting: messages.length - taken.length - refused, refused };
    for (const [outcome, n] of Object.entries(counts))
      if (n > 0) this.deps.metrics.count(MESSAGES_SENT, { channel: 'chatapp', outcome }, n);
    await this.deps.events.emitMany(
      'whatsapp_ops.message_sent',
      taken.map((message) => ({
        message_id: message.id,
        session_id: message.session.id,
        phone: message.phone,
        text: message.text ?? null,
        media: message.media ?? null,
        automatic: message.automatic,
        billing_source: message.billingSource ?? null,
        sent_at: message.sentAt!.toISOString(),
      })),
    );
    return outcomes;
  }

  /** The caller writes the change (a stored row with its flush, a new one with its insert). */
  private async fail(message: Outbound, error: string): Promise<void> {
    message.status = 'failed';
    message.error = error;
    if (message.creditsCharged > 0) {
      await this.deps.credits.add(
        message.creditsCharged,
        'chatapp_message_refund',
        `chatapp_message:${message.id}`,
        'spend_return',
      );
      message.creditsCharged = 0;
    }
  }
}
