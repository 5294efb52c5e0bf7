import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { caller, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';
import type { GraphApiFake } from './fakes/graph-api-fake.js';
import { cloudKernel, NUMBER, NUMBER2, TOKEN, WABA } from './helpers/cloud-kernel.js';

const CUSTOMER = '+34600500600';
const CUSTOMER2 = '+34600500601';
/** The client's deadline in this file, and the fake's answer when it must be missed. */
const DEADLINE_MS = 600;

describe('whatsapp_ops Cloud API outcomes: throttling answers, unknown outcomes, stopped lines', () => {
  let k: TestKernel;
  let fake: GraphApiFake;
  let shopId: number;
  let token: string;
  let call: ReturnType<typeof caller>;
  let provider: any;
  let line: any;
  let line2: any;

  const sendMany = (requests: Record<string, unknown>[]) =>
    inShop(k, shopId, ({ services }) => services.chatappMessagingService.sendMany(requests as any));
  const retry = () => inShop(k, shopId, ({ services }) => services.chatappMessagingService.retrySending(50));
  const onNetwork = (key: string) => fake.sent.filter((m) => m.bizOpaque === key).length;
  const session = async (id: number) => (await call.ok('get_chatapp_status', { session_id: id })).session;

  before(async () => {
    ({ k, fake, shopId, token, provider, line } = await cloudKernel({
      secondNumber: true,
      ops: {
        groups: ['agents', 'notifications'],
        config: { cloudApi: { timeoutMs: DEADLINE_MS, throttleBackoffMs: 100, throttleRetries: 4 } },
      },
    }));
    call = caller(k, token);
    ({ session: line2 } = await call.ok('connect_chatapp', {
      label: 'Second',
      provider_id: provider.id,
      phone_number_id: NUMBER2.id,
    }));
    for (const number of [NUMBER, NUMBER2])
      for (const customer of [CUSTOMER, CUSTOMER2])
        await fake.customerWrites(number.id, customer, { text: 'Hola' }).delivered;
  });
  after(async () => {
    await fake?.close();
    await k?.close();
  });

  it("130429: past the number's throughput (Meta's lower than configured) the messages are backed off and sent again in turn, once each", async () => {
    // Eight messages within a second (the pacer allows 80) to a bucket of 4 a second: some are refused.
    fake.numberRatePerSecond = 4;
    const keys = Array.from({ length: 8 }, (_, i) => `rate-${i + 1}`);
    const refusedBefore = fake.requests.filter((r) => r.status === 429).length;
    const answers = await sendMany(
      keys.map((key) => ({
        phone: CUSTOMER,
        text: `mensaje ${key}`,
        sessionId: line.id,
        automatic: true,
        idempotencyKey: key,
      })),
    );
    fake.numberRatePerSecond = 80;
    expect(answers.map((a: any) => a.message.status)).to.deep.equal(keys.map(() => 'sent'));
    expect(fake.requests.filter((r) => r.status === 429).length).to.be.greaterThan(refusedBefore);
    for (const key of keys) expect(onNetwork(key), key).to.equal(1);
  });

  it('130429 past every backoff: the messages wait in sending, and go once the retry finds room; none twice', async () => {
    fake.numberRatePerSecond = 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const keys = ['rate-20', 'rate-21'];
    const answers = await sendMany(
      keys.map((key) => ({
        phone: CUSTOMER,
        text: `mensaje ${key}`,
        sessionId: line.id,
        automatic: true,
        idempotencyKey: key,
      })),
    );
    for (const a of answers as any[]) {
      expect(a.message.status).to.equal('sending');
      expect(a.message.error).to.match(
        /^rate_limited: the number's message throughput was exceeded \(Graph error 130429/,
      );
    }
    fake.numberRatePerSecond = 80;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await retry()).to.deep.include({ sent: keys.length, waiting: 0 });
    for (const key of keys) expect(onNetwork(key), key).to.equal(1);
  });

  it('131056: a second message to the same customer too soon waits, refused for that pair only', async () => {
    fake.pairIntervalMs = 60_000;
    const answers = await sendMany([
      { phone: CUSTOMER2, text: 'primero', sessionId: line.id, automatic: true, idempotencyKey: 'pair-1' },
      { phone: CUSTOMER2, text: 'segundo', sessionId: line.id, automatic: true, idempotencyKey: 'pair-2' },
    ]);
    fake.pairIntervalMs = 0;
    const statuses = answers.map((a: any) => a.message.status).sort();
    expect(statuses).to.deep.equal(['sending', 'sent']);
    const held = answers.find((a: any) => a.message.status === 'sending') as any;
    expect(held.message.error).to.match(/pair rate limit/);
    // The customer can be written to again: the retry sends the held message, once, and nothing twice.
    expect(await retry()).to.deep.include({ sent: 1, waiting: 0 });
    const [row] = await rows(k, 'select status, error, provider_message_id from chatapp_messages where id = ?', [
      held.message.id,
    ]);
    expect(row).to.include({ status: 'sent', error: null });
    const heldKey = answers[0]!.message.status === 'sending' ? 'pair-1' : 'pair-2';
    expect(fake.sent.find((m) => m.bizOpaque === heldKey)!.id).to.equal(row.provider_message_id);
    for (const key of ['pair-1', 'pair-2']) expect(onNetwork(key), key).to.equal(1);
  });

  it('131056 within the backoff: the second message to the customer is refused, backed off, then sent; each once', async () => {
    fake.pairIntervalMs = 250;
    const refusedBefore = fake.requests.filter((r) => r.status === 429).length;
    const answers = await sendMany([
      { phone: CUSTOMER2, text: 'uno', sessionId: line2.id, automatic: true, idempotencyKey: 'pair-3' },
      { phone: CUSTOMER2, text: 'dos', sessionId: line2.id, automatic: true, idempotencyKey: 'pair-4' },
    ]);
    fake.pairIntervalMs = 0;
    expect(answers.map((a: any) => a.message.status)).to.deep.equal(['sent', 'sent']);
    expect(answers.map((a: any) => a.message.error)).to.deep.equal([null, null]);
    expect(fake.requests.filter((r) => r.status === 429).length).to.be.greaterThan(refusedBefore);
    for (const key of ['pair-3', 'pair-4']) expect(onNetwork(key), key).to.equal(1);
  });

  it('a send whose answer never came has an unknown outcome: never sent again blindly, and settled by the status that names its key', async () => {
    fake.answerDelayMs = DEADLINE_MS * 3;
    const [answer] = await sendMany([
      { phone: CUSTOMER, text: 'tarde', sessionId: line.id, automatic: true, idempotencyKey: 'late-1' },
    ]);
    fake.answerDelayMs = 0;
    expect((answer as any).message.status).to.equal('sending');
    expect((answer as any).message.error).to.match(
      /^channel_unavailable: .*whether the network acted on it is unknown/,
    );
    await retry();
    expect(onNetwork('late-1')).to.equal(1);
    // The fake's statuses carry the key (biz_opaque_callback_data); refused while the send was
    // still committing, Meta's retries find the message and settle it.
    const [taken] = fake.sent.filter((m) => m.bizOpaque === 'late-1');
    const row = await waitFor('the status to settle the message', async () => {
      const [r] = await rows(
        k,
        `select status, error, provider_message_id, sent_at from chatapp_messages where shop_id = ? and idempotency_key = 'late-1'`,
        [shopId],
      );
      return r.status === 'read' && r;
    });
    expect(row).to.include({ provider_message_id: taken!.id, error: null });
    expect(row.sent_at).to.not.equal(null);
    const [attempt] = await rows(
      k,
      `select status, provider_message_id from chatapp_send_attempts where shop_id = ? and idempotency_key = 'late-1'`,
      [shopId],
    );
    expect(attempt).to.deep.equal({ status: 'sent', provider_message_id: taken!.id });
    expect(await retry()).to.deep.include({ sent: 0, waiting: 0 });
    expect(onNetwork('late-1')).to.equal(1);
  });

  it('an unknown outcome no status settles fails after 24 h with that reason, its credits back; it was sent once', async () => {
    fake.statusMode = 'none';
    fake.answerDelayMs = DEADLINE_MS * 3;
    const [answer] = await sendMany([
      { phone: CUSTOMER, text: 'sin noticias', sessionId: line.id, automatic: true, idempotencyKey: 'late-2' },
    ]);
    fake.answerDelayMs = 0;
    fake.statusMode = 'ordered';
    const id = (answer as any).message.id;
    expect((answer as any).message.status).to.equal('sending');
    await retry();
    await rows(k, `update chatapp_messages set created_at = now() - interval '25 hours' where id = ?`, [id]);
    expect(await retry()).to.deep.include({ failed: 1 });
    const [row] = await rows(k, 'select status, error, credits_charged from chatapp_messages where id = ?', [id]);
    expect(row.status).to.equal('failed');
    expect(row.credits_charged).to.equal(0);
    expect(row.error).to.match(
      /^expired: the network did not take the message, or confirm taking it, within 24 h \(last: channel_unavailable: .*not sent again blindly/,
    );
    expect(onNetwork('late-2')).to.equal(1);
  });

  it('368: a blocked number stops its line (reason, owner told); later sends never reach the network', async () => {
    fake.block(NUMBER2.id);
    const blocked = await call.fails(
      'send_chatapp_message',
      { phone: CUSTOMER, message: 'hola', session_id: line2.id },
      'line_blocked',
    );
    expect(blocked).to.include({ graph_code: 368, line_outcome: 'blocked' });
    const stopped = await waitFor('the line stopped', async () => {
      const s = await session(line2.id);
      return s.status === 'disconnected' && s;
    });
    expect(stopped.status_reason).to.match(/^blocked: the number is temporarily blocked for policy violations/);
    expect((await session(line.id)).status).to.equal('connected');
    const notes = await call.ok('list_notifications', { recipient: 'owner', type: 'line_disconnected', limit: 10 });
    expect(notes.notifications.map((n: any) => n.title)).to.include('Line Second disconnected');
    expect(notes.notifications[0].body).to.match(/blocked.*connect_chatapp/s);
    const requests = fake.requests.filter((r) => r.path.includes(`/${NUMBER2.id}/messages`)).length;
    await call.fails(
      'send_chatapp_message',
      { phone: CUSTOMER, message: 'otra vez', session_id: line2.id },
      'session_not_connected',
    );
    expect(fake.requests.filter((r) => r.path.includes(`/${NUMBER2.id}/messages`)).length).to.equal(requests);
  });

  it("190: an expired token stops the provider's lines at the first refusal; a new token and connect_chatapp bring them back", async () => {
    fake.expireToken(TOKEN);
    const expired = await call.fails(
      'send_chatapp_message',
      { phone: CUSTOMER, message: 'hola', session_id: line.id },
      'unauthorized',
    );
    expect(expired).to.include({ graph_code: 190, graph_subcode: 463, line_outcome: 'token_expired' });
    const stopped = await waitFor('the line stopped', async () => {
      const s = await session(line.id);
      return s.status === 'disconnected' && s;
    });
    expect(stopped.status_reason).to.match(/^token_expired: the access token expired or was revoked/);
    const notes = await call.ok('list_notifications', { recipient: 'owner', type: 'line_disconnected', limit: 10 });
    expect(notes.notifications.find((n: any) => n.title === 'Line Official disconnected').body).to.include(
      'configure_chatapp_provider',
    );
    // A batch already under way meets the stop without another request.
    const requests = fake.requests.length;
    const answers = await inShop(k, shopId, async ({ services }) => {
      const port = await services.chatappChannels.forProvider(provider.id);
      return port.sendMany(
        [1, 2, 3].map((n) => ({
          sessionKey: line.session_key,
          externalId: NUMBER.id,
          to: CUSTOMER,
          text: `x${n}`,
          idempotencyKey: `after-190-${n}`,
        })),
      );
    });
    expect(answers.map((a: any) => a.code)).to.deep.equal(['unauthorized', 'unauthorized', 'unauthorized']);
    expect(fake.requests.length).to.equal(requests);

    const fresh = 'EAAJB-renewed-token-abcdefghijklmnopqrstuvwx';
    fake.addToken(WABA, fresh);
    await call.ok('configure_chatapp_provider', { provider_id: provider.id, cloud_api: { access_token: fresh } });
    const { session: back } = await call.ok('connect_chatapp', {
      provider_id: provider.id,
      phone_number_id: NUMBER.id,
    });
    expect(back).to.include({ id: line.id, status: 'connected', status_reason: null });
    const { message } = await call.ok('send_chatapp_message', {
      phone: CUSTOMER,
      message: 'de vuelta',
      session_id: line.id,
    });
    expect(message.status).to.equal('sent');
  });
});
