import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import {
  balanceOf,
  bootOps,
  connectedLine,
  customerWrites,
  fails,
  ok,
  rows,
} from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { failNext, inShop, recorded } from '../../../test/fixtures/service-probe/index.js';
import { eventRouter } from '../wiring/event-router.js';

const CUSTOMER = '+34600222333';

describe('whatsapp_ops: the send path, receipts and inbound messages', () => {
  let k: TestKernel;
  let shopId: number;
  let token: string;
  let line: any;

  const sandboxRecords = async (idempotencyKey: string) =>
    Number(
      (
        await rows(k, 'select count(*)::int as n from sandbox_messages where session_key = ? and idempotency_key = ?', [
          line.session_key,
          idempotencyKey,
        ])
      )[0].n,
    );
  const send = (request: Record<string, unknown>) =>
    inShop(k, shopId, ({ services }) => services.chatappMessagingService.send(request as any));
  const sendFailure = async (request: Record<string, unknown>) =>
    send(request).then(
      () => expect.fail('the send should have been refused'),
      (err) => err,
    );
  const eventsOf = (name: string) => recorded.filter((e) => e.shopId === shopId && e.name === name);

  before(async () => {
    k = await bootOps({ probe: true });
    ({ shopId, token } = await k.newShop('Messaging shop', { credits: 10_000 }));
    line = await connectedLine(k, token, { label: 'Main' }, '+34711000100');
  });
  after(() => k.close());

  let sent: any;
  it('send_chatapp_message sends now: recorded as sent, 500 credits debited with a ledger line, labelled sandbox', async () => {
    const before = await balanceOf(k, shopId);
    const payload = await ok(k, token, 'send_chatapp_message', {
      phone: '+34 600 222 333',
      message: 'Hello from the shop',
    });
    sent = payload.message;
    expect(sent).to.include({
      session_id: line.id,
      phone: CUSTOMER,
      direction: 'outbound',
      text: 'Hello from the shop',
      status: 'sent',
      automatic: false,
      billing_source: null,
      credits_charged: 500,
    });
    expect(sent.provider_message_id).to.be.a('string');
    expect(sent.idempotency_key).to.equal(`chatapp-message-${sent.id}`);
    expect(payload).to.include({ sandbox: true, recipient_opted_out: false });
    expect(await balanceOf(k, shopId)).to.equal(before - 500);
    const [ledger] = await rows(
      k,
      'select amount, reason, reference from credit_movements where shop_id = ? order by id desc limit 1',
      [shopId],
    );
    expect(ledger).to.deep.include({ reason: 'chatapp_message', reference: `chatapp_message:${sent.id}` });
    expect(Number(ledger.amount)).to.equal(-500);
    expect(await sandboxRecords(sent.idempotency_key)).to.equal(1);
  });

  it('emits whatsapp_ops.message_sent in the send transaction', () => {
    const [event] = eventsOf('whatsapp_ops.message_sent').filter((e) => e.payload.message_id === sent.id);
    expect(event!.payload).to.include({
      message_id: sent.id,
      session_id: line.id,
      phone: CUSTOMER,
      text: 'Hello from the shop',
      automatic: false,
      billing_source: null,
    });
    expect(event!.payload.sent_at).to.be.a('string');
  });

  it('delivery receipts follow: delivered, then read, each emitted once as message_status', async () => {
    await waitFor(
      'the read receipt',
      async () =>
        (await ok(k, token, 'list_chatapp_messages', { phone: CUSTOMER, direction: 'outbound' })).messages.find(
          (m: any) => m.id === sent.id,
        )?.status === 'read',
    );
    const statuses = eventsOf('whatsapp_ops.message_status')
      .filter((e) => e.payload.message_id === sent.id)
      .map((e) => e.payload.status);
    expect(statuses).to.deep.equal(['delivered', 'read']);
  });

  it('an inbound message is stored once, emits message_received and opens the contact window', async () => {
    const res = await customerWrites(k, token, line.session_key, CUSTOMER, 'Thanks!');
    expect(res.status).to.equal(201);
    const inbound = await waitFor(
      'the inbound message',
      async () => (await ok(k, token, 'list_chatapp_messages', { direction: 'inbound', phone: CUSTOMER })).messages[0],
    );
    expect(inbound).to.include({
      direction: 'inbound',
      status: 'received',
      text: 'Thanks!',
      session_id: line.id,
      credits_charged: 0,
      automatic: false,
    });
    expect(inbound.provider_message_id).to.equal(res.body.message.provider_message_id);
    const [event] = eventsOf('whatsapp_ops.message_received').filter((e) => e.payload.message_id === inbound.id);
    expect(event!.payload).to.include({ session_id: line.id, phone: CUSTOMER, text: 'Thanks!', media: null });
    const [window] = await rows(
      k,
      'select line_phone, customer_phone, last_session_id from chatapp_contact_windows where shop_id = ?',
      [shopId],
    );
    expect(window).to.deep.equal({ line_phone: '+34711000100', customer_phone: CUSTOMER, last_session_id: line.id });
  });

  it('a redelivered event (same id) and a repeated provider message id change nothing', async () => {
    const [inbound] = (await ok(k, token, 'list_chatapp_messages', { direction: 'inbound', phone: CUSTOMER })).messages;
    const [processed] = await rows(
      k,
      'select event_id from chatapp_processed_events where shop_id = ? order by id desc limit 1',
      [shopId],
    );
    const event = {
      id: processed.event_id,
      type: 'message.received' as const,
      sessionKey: line.session_key,
      occurredAt: new Date(),
      message: {
        providerMessageId: inbound.provider_message_id,
        from: CUSTOMER,
        text: 'Thanks!',
        media: null,
        timestamp: new Date(),
      },
    };
    const outcomes = await inShop(k, shopId, async ({ services }) => [
      await services.chatappIngestionService.handle(event),
      await services.chatappIngestionService.handle({ ...event, id: 'evt_other_delivery' }),
    ]);
    expect(outcomes).to.deep.equal(['duplicate', 'duplicate']);
    expect((await ok(k, token, 'list_chatapp_messages', { direction: 'inbound', phone: CUSTOMER })).count).to.equal(1);
  });

  it('a receipt never moves a status backwards', async () => {
    const outcome = await inShop(k, shopId, ({ services }) =>
      services.chatappIngestionService.handle({
        id: 'evt_late_delivered',
        type: 'message.status',
        sessionKey: line.session_key,
        occurredAt: new Date(),
        receipt: { providerMessageId: sent.provider_message_id, status: 'delivered', error: null },
      }),
    );
    expect(outcome).to.equal('ignored');
    expect(
      (await ok(k, token, 'list_chatapp_messages', { phone: CUSTOMER, direction: 'outbound' })).messages.find(
        (m: any) => m.id === sent.id,
      ).status,
    ).to.equal('read');
  });

  it('a receipt for a message not recorded yet is asked for again for two minutes, then dropped; a bare "sent" is dropped at once', async () => {
    const receipt = (status: 'sent' | 'delivered', minutesAgo: number) => ({
      id: `evt_unknown_${status}_${minutesAgo}`,
      type: 'message.status' as const,
      sessionKey: line.session_key,
      occurredAt: new Date(Date.now() - minutesAgo * 60_000),
      receipt: { providerMessageId: 'sbxmid.not-recorded', status, error: null },
    });
    const handle = (event: unknown) =>
      inShop(k, shopId, ({ services }) => services.chatappIngestionService.handle(event as any));
    const err = await handle(receipt('delivered', 0)).catch((e) => e);
    expect(err.name).to.equal('EventNotReady');
    // Refused events are not remembered: the redelivery is handled afresh.
    expect(await handle(receipt('delivered', 3))).to.equal('ignored');
    expect(await handle(receipt('sent', 0))).to.equal('ignored');
  });

  it('an event for a session nobody recorded is asked for again while recent, then dropped', async () => {
    const route = eventRouter({
      rootEm: k.orm.em,
      withShop: (id, work, options) => inShop(k, id, work, options?.transactional),
      log: { warn: () => undefined } as any,
    });
    const event = (minutesAgo: number) => ({
      id: `evt_nobody_${minutesAgo}`,
      type: 'session.disconnected' as const,
      sessionKey: 'ses_nobody',
      occurredAt: new Date(Date.now() - minutesAgo * 60_000),
      reason: 'logged_out',
    });
    expect(await route([event(0)]).catch((e) => e.message)).to.match(/no session ses_nobody recorded yet/);
    expect(await route([event(3)])).to.equal(undefined);
  });

  it('automatic sends carry their billing source and the caller’s key; the same key never sends or charges twice', async () => {
    const before = await balanceOf(k, shopId);
    const request = {
      phone: CUSTOMER,
      text: 'Your order shipped',
      automatic: true,
      billingSource: 'order_automation',
      idempotencyKey: 'order-77-shipped',
    };
    const first = await send(request);
    expect(first.message).to.include({
      automatic: true,
      billing_source: 'order_automation',
      idempotency_key: 'order-77-shipped',
      status: 'sent',
    });
    const again = await Promise.all([send(request), send(request)]);
    for (const { message } of again) expect(message.id).to.equal(first.message.id);
    expect(await balanceOf(k, shopId)).to.equal(before - 500);
    expect(await sandboxRecords('order-77-shipped')).to.equal(1);
    const conflict = await sendFailure({ ...request, text: 'Something else' });
    expect(conflict.code).to.equal('idempotency_conflict');
  });

  it('a send that does not say whether it is automatic is refused, so it cannot pass the opt-outs as manual', async () => {
    const err = await sendFailure({ phone: CUSTOMER, text: 'who am I?' });
    expect(err.code).to.equal('invalid_arguments');
    expect(err.details.errors).to.deep.equal([{ path: 'automatic', message: 'is required' }]);
  });

  it('campaigns pass their own cost (1000 credits)', async () => {
    const before = await balanceOf(k, shopId);
    const { message } = await send({
      phone: '+34600222444',
      text: 'Sale!',
      automatic: true,
      billingSource: 'campaign',
      creditsCost: 1000,
      idempotencyKey: 'campaign-1-contact-1',
    });
    expect(message.credits_charged).to.equal(1000);
    expect(await balanceOf(k, shopId)).to.equal(before - 1000);
  });

  it('an opted-out number receives no automatic message (opted_out, nothing sent or charged), but a person can still write to it', async () => {
    const added = await ok(k, token, 'add_chatapp_optout', {
      action: 'add',
      phone: '+34600222555',
      reason: 'asked to stop',
    });
    expect(added).to.include({ created: true });
    const before = await balanceOf(k, shopId);
    const err = await sendFailure({
      phone: '+34600222555',
      text: 'Promo',
      automatic: true,
      billingSource: 'campaign',
      idempotencyKey: 'promo-555',
    });
    expect(err.code).to.equal('opted_out');
    expect(await balanceOf(k, shopId)).to.equal(before);
    expect(await sandboxRecords('promo-555')).to.equal(0);
    expect(
      (
        await rows(k, 'select count(*)::int as n from chatapp_messages where shop_id = ? and phone = ?', [
          shopId,
          '+34600222555',
        ])
      )[0].n,
    ).to.equal(0);
    const manual = await ok(k, token, 'send_chatapp_message', {
      phone: '+34600222555',
      message: 'Sorry for the trouble — your refund is on its way.',
    });
    expect(manual).to.include({ recipient_opted_out: true });
    expect(manual.message).to.include({ automatic: false, status: 'sent' });
  });

  it('too few credits → insufficient_credits (required, balance) and nothing is sent, recorded or charged', async () => {
    const { shopId: poorId, token: poorToken } = await k.newShop('Poor shop', { credits: 400 });
    const poorLine = await connectedLine(k, poorToken, {}, '+34711000200');
    const payload = await fails(
      k,
      poorToken,
      'send_chatapp_message',
      { phone: CUSTOMER, message: 'Hi' },
      'insufficient_credits',
    );
    expect(payload).to.include({ required: 500, balance: 400 });
    expect(await balanceOf(k, poorId)).to.equal(400);
    expect(
      (await rows(k, 'select count(*)::int as n from chatapp_messages where shop_id = ?', [poorId]))[0].n,
    ).to.equal(0);
    expect(
      (
        await rows(k, 'select count(*)::int as n from sandbox_messages where session_key = ?', [poorLine.session_key])
      )[0].n,
    ).to.equal(0);
    // A caller that catches the refusal inside its own transaction is left with nothing either.
    const left = await inShop(k, poorId, async ({ services, em }) => {
      await services.chatappMessagingService
        .send({ phone: CUSTOMER, text: 'auto', automatic: true })
        .catch((err: any) => expect(err.code).to.equal('insufficient_credits'));
      return (await em.execute('select count(*)::int as n from chatapp_messages where shop_id = ?', [poorId]))[0].n;
    });
    expect(left).to.equal(0);
  });

  it('a listener failure rolls the whole send back: no record, no charge, nothing on the network', async () => {
    const before = await balanceOf(k, shopId);
    failNext('whatsapp_ops.message_sent');
    const { payload } = await k.call(token, 'send_chatapp_message', { phone: '+34600222666', message: 'rolled back' });
    expect(payload).to.include({ success: false, error_code: 'internal_error' });
    expect(await balanceOf(k, shopId)).to.equal(before);
    expect(
      (
        await rows(k, 'select count(*)::int as n from chatapp_messages where shop_id = ? and phone = ?', [
          shopId,
          '+34600222666',
        ])
      )[0].n,
    ).to.equal(0);
    expect(
      (
        await rows(k, 'select count(*)::int as n from sandbox_messages where session_key = ? and peer_phone = ?', [
          line.session_key,
          '+34600222666',
        ])
      )[0].n,
    ).to.equal(0);
  });

  it('refuses bad input before anything is written: phone, empty or too long text, unknown or unpaired session', async () => {
    await fails(k, token, 'send_chatapp_message', { phone: '600', message: 'x' }, 'invalid_arguments');
    await fails(k, token, 'send_chatapp_message', { phone: CUSTOMER, message: '' }, 'invalid_arguments');
    await fails(k, token, 'send_chatapp_message', { phone: CUSTOMER, message: 'x'.repeat(4097) }, 'invalid_arguments');
    await fails(k, token, 'send_chatapp_message', { phone: CUSTOMER, message: '   ' }, 'invalid_arguments');
    await fails(k, token, 'send_chatapp_message', { phone: CUSTOMER, message: 'x', session_id: 999999 }, 'not_found');
    const unpaired = await ok(k, token, 'connect_chatapp', { force_new: true });
    const err = await fails(
      k,
      token,
      'send_chatapp_message',
      { phone: CUSTOMER, message: 'x', session_id: unpaired.session.id },
      'session_not_connected',
    );
    expect(err).to.include({ current_status: 'awaiting_pairing' });
  });

  it('the default line is chosen by routing role; with no line for the role → session_not_connected', async () => {
    const ops = await connectedLine(k, token, { force_new: true, routing_roles: ['operations'] }, '+34711000300');
    const viaOps = await send({
      phone: '+34600999000',
      text: 'ops',
      automatic: true,
      senderRole: 'operations',
      idempotencyKey: 'ops-1',
    });
    // Both lines have operations; the first connected one is the default for a new customer.
    expect(viaOps.message.session_id).to.equal(line.id);
    // The customer writes to the operations line: from now on it is the line for them.
    await customerWrites(k, token, ops.session_key, '+34600999000', 'hi ops');
    await waitFor(
      'inbound on the ops line',
      async () =>
        (await ok(k, token, 'list_chatapp_messages', { session_id: ops.id, direction: 'inbound' })).count === 1,
    );
    const again = await send({
      phone: '+34600999000',
      text: 'ops 2',
      automatic: true,
      senderRole: 'operations',
      idempotencyKey: 'ops-2',
    });
    expect(again.message.session_id).to.equal(ops.id);
    await ok(k, token, 'update_chatapp_routing_roles', { session_id: line.id, routing_roles: ['operations'] });
    await ok(k, token, 'update_chatapp_routing_roles', { session_id: ops.id, routing_roles: ['operations'] });
    const err = await sendFailure({ phone: CUSTOMER, text: 'x', automatic: true, senderRole: 'marketing' });
    expect(err.code).to.equal('session_not_connected');
    await fails(k, token, 'send_chatapp_message', { phone: CUSTOMER, message: 'x' }, 'session_not_connected');
    await ok(k, token, 'update_chatapp_routing_roles', {
      session_id: line.id,
      routing_roles: ['general', 'operations', 'marketing'],
    });
  });

  it('list_chatapp_messages filters by phone, session, direction, status and date range, with paging', async () => {
    const all = await ok(k, token, 'list_chatapp_messages', { limit: 100 });
    expect(all.count).to.be.greaterThan(4);
    const ids = all.messages.map((m: any) => m.id);
    expect([...ids].sort((a: number, b: number) => b - a)).to.deep.equal(ids);
    const page = await ok(k, token, 'list_chatapp_messages', { limit: 2, offset: 1 });
    expect(page.messages.map((m: any) => m.id)).to.deep.equal(ids.slice(1, 3));
    expect(page).to.include({ limit: 2, offset: 1, has_more: true });
    expect(
      (await ok(k, token, 'list_chatapp_messages', { status: 'received' })).messages.every(
        (m: any) => m.status === 'received',
      ),
    ).to.equal(true);
    expect(
      (await ok(k, token, 'list_chatapp_messages', { session_id: line.id })).messages.every(
        (m: any) => m.session_id === line.id,
      ),
    ).to.equal(true);
    const future = await ok(k, token, 'list_chatapp_messages', {
      date_from: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.count).to.equal(0);
    const past = await ok(k, token, 'list_chatapp_messages', {
      date_to: new Date(Date.now() + 60_000).toISOString(),
      date_from: '2000-01-01T00:00:00Z',
    });
    expect(past.count).to.equal(all.count);
    // The shop's own wall clock and bare days are bounds too.
    expect((await ok(k, token, 'list_chatapp_messages', { date_from: '2000-01-01 00:00:00' })).count).to.equal(
      all.count,
    );
    expect((await ok(k, token, 'list_chatapp_messages', { date_from: '2000-01-01' })).count).to.equal(all.count);
    expect((await ok(k, token, 'list_chatapp_messages', { date_to: '2000-01-01' })).count).to.equal(0);
    await fails(k, token, 'list_chatapp_messages', { date_from: 'yesterday' }, 'invalid_arguments');
    await fails(
      k,
      token,
      'list_chatapp_messages',
      { date_from: '2030-01-02T00:00:00Z', date_to: '2030-01-01T00:00:00Z' },
      'invalid_arguments',
    );
    await fails(k, token, 'list_chatapp_messages', { session_id: 999999 }, 'not_found');
    await fails(k, token, 'list_chatapp_messages', { direction: 'sideways' }, 'invalid_arguments');
  });
});
