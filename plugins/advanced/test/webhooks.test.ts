import { expect } from 'chai';
import Stripe from 'stripe';
import { Webhook } from 'standardwebhooks';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fails, ok } from '../../../test/helpers/ops-kernel.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';
import { WebhookReceiver, type Received } from './webhook-receiver.js';

const SECRET = 'whsec-test-secret-0001';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Both independent verifiers, as a receiver would run them; throws when either refuses. */
function verify(got: Received, secret = SECRET) {
  Stripe.webhooks.signature!.verifyHeader(got.body, got.headers['x-switchboard-signature']!, secret, 300);
  return new Webhook(Buffer.from(secret).toString('base64')).verify(got.body, got.headers) as any;
}

describe('advanced: webhooks', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let receiver: WebhookReceiver;
  let shop: { shopId: number; token: string };
  let other: { shopId: number; token: string };
  const call = {
    ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, shop.token, tool, args, code),
  };
  const press = (url: string, button: 'approve' | 'reject') =>
    k.app.inject({
      method: 'POST',
      url: `${new URL(url).pathname}/${button}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
  /** configure_webhooks through the user's approval page. */
  const configure = async (args: Record<string, unknown>, as = shop) => {
    const { payload } = await k.call(as.token, 'configure_webhooks', args);
    expect(payload, JSON.stringify(payload)).to.include({ requires_confirmation: true });
    const page = await press(payload.confirmation_url, 'approve');
    expect(page.statusCode).to.equal(200);
    return page.body;
  };
  /** Runs relay passes until `done` holds. */
  const drain = async (done: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > until) throw new Error('the deliveries did not settle in time');
      if (!(await k.outbox.deliverDue())) await sleep(20);
    }
  };
  const delivery = async (id: string) => (await call.ok('get_webhook_delivery', { delivery_id: id })).delivery;
  const latest = async (type: string) =>
    (await call.ok('list_webhook_deliveries', { event_type: type, limit: 1 })).deliveries[0];
  const openTicket = async (title: string) =>
    (await call.ok('create_ai_ticket', { action: 'create', title, phone: '+34600700700' })).ticket;

  before(async () => {
    receiver = new WebhookReceiver();
    await receiver.start();
    k = await bootKernel({
      groups: ['advanced', 'tickets', 'customers', 'agents', 'notifications', 'integrations', 'products'],
      overrides: {
        network: { allowLoopback: true, trustedCaPem: receiver.certPem },
        auth: { requestsPerWindow: 1_000_000 },
        groups: {
          service_probe: serviceProbe,
          advanced: {
            enabled: true,
            config: { retryScheduleMs: [100, 200, 4_000], deliveryTimeoutMs: 1_000 },
          },
        },
      },
    });
    shop = await k.newShop('Hooks shop');
    other = await k.newShop('Other shop');
  });
  after(async () => {
    await k?.close();
    await receiver?.stop();
  });
  beforeEach(() => {
    receiver.answer = () => ({ status: 200, body: 'ok' });
  });

  describe('configure_webhooks: the user approves on the page', () => {
    it('a first call changes nothing and tells the client to stop; confirm: true does not execute it', async () => {
      const args = {
        webhook_enabled: true,
        webhook_url: receiver.url,
        webhook_secret: SECRET,
        webhook_events: ['ticket.created'],
      };
      const first = (await k.call(shop.token, 'configure_webhooks', args)).payload;
      expect(first).to.include({ success: false, requires_confirmation: true });
      expect(first.confirmation_url).to.match(/\/confirmations\//);
      expect(first.message).to.match(/Stop now/);
      expect(JSON.stringify(first)).to.not.include(SECRET);
      const again = (await k.call(shop.token, 'configure_webhooks', { ...args, confirm: true })).payload;
      expect(again).to.include({ requires_confirmation: true, invalidated_previous: 1 });
      expect(again.message).to.match(/confirm: true does not execute/);
      expect((await call.ok('get_webhook_config')).webhooks).to.include({ webhook_enabled: false, has_secret: false });
      // The first token was invalidated by the second call: approving it does nothing.
      expect((await press(first.confirmation_url, 'approve')).body).to.not.include('"webhook_enabled": true');
      expect((await call.ok('get_webhook_config')).webhooks.webhook_enabled).to.equal(false);
      // Reject changes nothing either.
      await press(again.confirmation_url, 'reject');
      expect((await call.ok('get_webhook_config')).webhooks.webhook_enabled).to.equal(false);
    });

    it('approval applies it; the secret is never shown, only its last 4 characters', async () => {
      const page = await configure({
        webhook_enabled: true,
        webhook_url: receiver.url,
        webhook_secret: SECRET,
        webhook_events: ['ticket.created', 'ticket.closed'],
      });
      expect(page).to.not.include(SECRET);
      const config = await call.ok('get_webhook_config');
      expect(config.webhooks).to.deep.include({
        webhook_enabled: true,
        webhook_url: receiver.url,
        webhook_events: ['ticket.created', 'ticket.closed'],
        has_secret: true,
        secret_hint: '…0001',
        endpoint_status: 'active',
      });
      expect(JSON.stringify(config)).to.not.include(SECRET);
      expect(config.verification.tolerance_seconds).to.equal(300);
    });

    it('refuses before any confirmation: http, internal addresses, unknown events, enabling without a URL', async () => {
      const refused = async (args: Record<string, unknown>, code: string, as = shop) => {
        const { payload } = await k.call(as.token, 'configure_webhooks', args);
        expect(payload, JSON.stringify(payload)).to.include({ success: false, error_code: code });
        expect(payload).to.not.have.property('confirmation_token');
        return payload;
      };
      await refused({ webhook_enabled: true, webhook_url: 'http://example.com/hook' }, 'invalid_arguments');
      await refused({ webhook_enabled: true, webhook_url: 'https://10.0.0.7/hook' }, 'url_not_allowed');
      await refused({ webhook_enabled: true, webhook_url: 'https://[::ffff:169.254.169.254]/hook' }, 'url_not_allowed');
      await refused({ webhook_enabled: true, webhook_url: 'https://user:pw@example.com/hook' }, 'invalid_arguments');
      const unknown = await refused(
        { webhook_enabled: true, webhook_events: ['ticket.exploded'] },
        'invalid_arguments',
      );
      expect(unknown.message).to.include('ticket.exploded').and.include('ticket.created');
      // A group this server does not run offers no events.
      await refused({ webhook_enabled: true, webhook_events: ['email.received'] }, 'invalid_arguments');
      const bare = await refused(
        { webhook_enabled: true, webhook_events: ['ticket.created'] },
        'invalid_arguments',
        other,
      );
      expect(bare.message).to.include('needs a URL').and.include('secret');
      await refused({ webhook_enabled: true, webhook_secret: 'short' }, 'invalid_arguments');
    });

    it('is a partial update: omitted fields keep their value; webhook_events replaces the list', async () => {
      await configure({ webhook_enabled: false });
      let hooks = (await call.ok('get_webhook_config')).webhooks;
      expect(hooks).to.deep.include({ webhook_enabled: false, webhook_url: receiver.url, has_secret: true });
      expect(hooks.webhook_events).to.deep.equal(['ticket.created', 'ticket.closed']);
      await configure({
        webhook_enabled: true,
        webhook_events: ['ticket.created', 'customer.tagged', 'ticket.created'],
      });
      hooks = (await call.ok('get_webhook_config')).webhooks;
      expect(hooks.webhook_events).to.deep.equal(['ticket.created', 'customer.tagged']);
      await configure({ webhook_enabled: true, webhook_events: ['ticket.created', 'ticket.assigned'] });
      hooks = (await call.ok('get_webhook_config')).webhooks;
      expect(hooks.webhook_events).to.deep.equal(['ticket.created', 'ticket.assigned']);
      expect(hooks.webhook_url).to.equal(receiver.url);
    });

    it('lists the event types of the groups this server runs', async () => {
      const { event_types, api_version } = await call.ok('list_webhook_event_types');
      const types = event_types.map((t: any) => t.type);
      expect(types).to.include.members(['ticket.created', 'customer.tagged', 'webhook.test']);
      expect(types).to.not.include('email.received');
      expect(event_types.find((t: any) => t.type === 'ticket.created')).to.include({
        group: 'tickets',
        source_event: 'tickets.created',
      });
      expect(api_version).to.match(/^\d{4}-\d{2}-\d{2}$/);
    });
  });

  describe('delivery', () => {
    it('a change that commits is delivered once, signed for both verifier libraries', async () => {
      const ticket = await openTicket('Webhook me');
      const row = await latest('ticket.created');
      expect(row).to.include({ status: 'pending', attempts: 0 });
      await drain(async () => (await delivery(row.delivery_id)).status === 'succeeded');
      const [got, ...more] = receiver.of(row.delivery_id);
      expect(more).to.have.length(0);
      const envelope = verify(got!);
      expect(envelope).to.deep.include({ id: row.delivery_id, type: 'ticket.created', shop_id: shop.shopId });
      expect(envelope.data).to.include({ ticket_id: ticket.id, title: 'Webhook me' });
      expect(got!.headers).to.include({
        'x-switchboard-event': 'ticket.created',
        'x-switchboard-delivery': row.delivery_id,
        'content-type': 'application/json',
      });
      // A tampered body fails both verifiers.
      expect(() => verify({ ...got!, body: got!.body.replace('Webhook me', 'Webhook you') })).to.throw();
      const log = await delivery(row.delivery_id);
      expect(log.attempt_log).to.have.length(1);
      expect(log.attempt_log[0]).to.include({
        trigger: 'auto',
        succeeded: true,
        status_code: 200,
        response_excerpt: 'ok',
      });
      expect(log.payload).to.deep.equal(envelope);
    });

    it('storefront orders and catalogue syncs are event types too (integrations, products)', async () => {
      const { event_types } = await call.ok('list_webhook_event_types');
      expect(event_types.find((t: any) => t.type === 'order.created')).to.include({
        group: 'integrations',
        source_event: 'integrations.order_created',
      });
      expect(event_types.find((t: any) => t.type === 'product_sync.completed')).to.include({
        group: 'products',
        source_event: 'products.synced',
      });
      const current = (await call.ok('get_webhook_config')).webhooks.webhook_events;
      await configure({ webhook_enabled: true, webhook_events: [...current, 'order.created'] });
      const order = { platform_type: 'ecomB', order_id: '7001', topic: 'order.created', source: 'webhook' };
      await inShop(k, shop.shopId, (ctx) => ctx.services.events.emit('integrations.order_created', order as any));
      const row = await latest('order.created');
      await drain(async () => (await delivery(row.delivery_id)).status === 'succeeded');
      expect(verify(receiver.of(row.delivery_id)[0]!).data).to.deep.equal(order);
      await configure({ webhook_enabled: true, webhook_events: current });
    });

    it('a ticket’s notes and field changes are event types too, with their events’ payloads', async () => {
      const current = (await call.ok('get_webhook_config')).webhooks.webhook_events;
      await configure({ webhook_enabled: true, webhook_events: [...current, 'ticket.noted', 'ticket.updated'] });
      const ticket = await openTicket('Watched ticket');
      const { note } = await call.ok('add_ai_ticket_note', {
        action: 'add',
        ticket_id: ticket.id,
        body: 'Called them',
      });
      await call.ok('update_ai_ticket', { ticket_id: ticket.id, priority: 'P0' });
      const noted = await latest('ticket.noted');
      const updated = await latest('ticket.updated');
      await drain(async () =>
        (await Promise.all([delivery(noted.delivery_id), delivery(updated.delivery_id)])).every(
          (d) => d.status === 'succeeded',
        ),
      );
      expect(verify(receiver.of(noted.delivery_id)[0]!).data).to.deep.equal({
        ticket_id: ticket.id,
        note_id: note.id,
        kind: 'note',
      });
      expect(verify(receiver.of(updated.delivery_id)[0]!).data).to.deep.equal({
        ticket_id: ticket.id,
        fields: ['priority'],
        priority: 'P0',
      });
      await configure({ webhook_enabled: true, webhook_events: current });
    });

    it('a change that rolls back leaves no delivery; an event the shop did not subscribe to leaves none', async () => {
      const before = (await call.ok('list_webhook_deliveries', { limit: 1 })).count;
      await inShop(k, shop.shopId, async (ctx) => {
        await ctx.services.events.emit('tickets.created', {
          ticket_id: 999_999,
          title: 'never',
          priority: 'P3',
          phone: null,
          customer_email: null,
        });
        throw new Error('roll back');
      }).catch(() => undefined);
      await inShop(k, shop.shopId, (ctx) => ctx.services.events.emit('tickets.closed', { ticket_id: 1, reason: null }));
      expect((await call.ok('list_webhook_deliveries', { limit: 1 })).count).to.equal(before);
    });

    it('a batch of events is one delivery each, all delivered', async () => {
      const payloads = Array.from({ length: 300 }, (_, i) => ({
        ticket_id: 500_000 + i,
        title: `batch ${i}`,
        priority: 'P3' as const,
        phone: null,
        customer_email: null,
      }));
      await inShop(k, shop.shopId, (ctx) => ctx.services.events.emitMany('tickets.created', payloads));
      const { deliveries, count } = await call.ok('list_webhook_deliveries', { status: 'pending', limit: 100 });
      expect(count).to.equal(300);
      await drain(async () => (await call.ok('list_webhook_deliveries', { status: 'pending', limit: 1 })).count === 0);
      const ids = new Set(
        receiver.received.filter((r) => r.body.includes('"batch ')).map((r) => r.headers['webhook-id']),
      );
      expect(ids.size).to.equal(300);
      expect(ids.has(deliveries[0].delivery_id)).to.equal(true);
    });

    it('retries a failure on the schedule, honours Retry-After, and succeeds', async () => {
      let calls = 0;
      receiver.answer = () => {
        calls++;
        if (calls === 1) return { status: 500, body: 'boom' };
        if (calls === 2) return { status: 429, headers: { 'retry-after': '0' }, body: 'slow down' };
        return { status: 204 };
      };
      await openTicket('Flaky receiver');
      const row = await latest('ticket.created');
      await drain(async () => (await delivery(row.delivery_id)).status !== 'pending');
      expect((await delivery(row.delivery_id)).status).to.equal('failed');
      await drain(async () => (await delivery(row.delivery_id)).status === 'succeeded');
      const log = await delivery(row.delivery_id);
      expect(log.attempt_log.map((a: any) => a.status_code)).to.deep.equal([500, 429, 204]);
      expect(log.attempts).to.equal(3);
      const sent = receiver.of(row.delivery_id);
      expect(new Set(sent.map((r) => r.headers['webhook-id'])).size).to.equal(1);
      for (const got of sent) verify(got);
    });

    it('does not follow a redirect, stops at 410 Gone, and is exhausted after the last step', async () => {
      receiver.answer = (req) =>
        req.body.includes('Redirected')
          ? { status: 302, headers: { location: `${receiver.url}/elsewhere` } }
          : req.body.includes('Gone')
            ? { status: 410 }
            : { status: 503, body: 'down' };
      await openTicket('Redirected');
      const redirected = await latest('ticket.created');
      await openTicket('Gone');
      const gone = await latest('ticket.created');
      await openTicket('Always down');
      const down = await latest('ticket.created');
      await drain(async () =>
        (await Promise.all([redirected, gone, down].map((d) => delivery(d.delivery_id)))).every(
          (d) => d.status === 'exhausted',
        ),
      );
      expect(receiver.received.filter((r) => r.path.endsWith('/elsewhere'))).to.have.length(0);
      const redirectLog = await delivery(redirected.delivery_id);
      expect(redirectLog.attempt_log).to.have.length(4);
      expect(redirectLog.last_error).to.match(/redirect \(302\) not followed/);
      expect((await delivery(gone.delivery_id)).attempt_log).to.have.length(1);
      expect((await delivery(down.delivery_id)).attempt_log.map((a: any) => a.status_code)).to.deep.equal([
        503, 503, 503, 503,
      ]);
      // Nothing more goes out after exhaustion.
      const sent = receiver.received.length;
      await sleep(300);
      await k.outbox.deliverDue();
      expect(receiver.received.length).to.equal(sent);
    });

    it('redeliver_webhook sends the same id with a fresh signature; recover requeues an exhausted window', async () => {
      const exhausted = (await call.ok('list_webhook_deliveries', { status: 'exhausted', limit: 100 })).deliveries;
      expect(exhausted.length).to.be.greaterThan(0);
      const one = exhausted[0];
      const { attempt } = await call.ok('redeliver_webhook', { delivery_id: one.delivery_id });
      expect(attempt).to.include({ delivery_id: one.delivery_id, succeeded: true, status_code: 200 });
      expect(attempt.headers_sent['webhook-id']).to.equal(one.delivery_id);
      expect((await delivery(one.delivery_id)).status).to.equal('succeeded');
      const { requeued } = await call.ok('recover_failed_webhooks', {
        since: new Date(Date.now() - 3_600_000).toISOString(),
      });
      expect(requeued).to.equal(exhausted.length - 1);
      await drain(async () => (await call.ok('list_webhook_deliveries', { status: 'pending', limit: 1 })).count === 0);
      for (const d of exhausted) {
        expect((await delivery(d.delivery_id)).status).to.equal('succeeded');
        const sent = receiver.of(d.delivery_id);
        verify(sent[sent.length - 1]!);
      }
      await call.fails(
        'recover_failed_webhooks',
        { since: new Date(Date.now() - 40 * 86_400_000).toISOString() },
        'invalid_arguments',
      );
      await call.fails('redeliver_webhook', { delivery_id: 'evt_nope' }, 'not_found');
    });

    it('receiver down: nothing is lost, and everything arrives once it is back', async () => {
      await receiver.stop();
      const payloads = Array.from({ length: 200 }, (_, i) => ({
        ticket_id: 700_000 + i,
        title: `outage ${i}`,
        priority: 'P3' as const,
        phone: null,
        customer_email: null,
      }));
      await inShop(k, shop.shopId, (ctx) => ctx.services.events.emitMany('tickets.created', payloads));
      // Passes while it is down: every first attempt fails, and the last step is far off.
      await drain(async () => (await call.ok('list_webhook_deliveries', { status: 'pending', limit: 1 })).count === 0);
      expect((await call.ok('list_webhook_deliveries', { status: 'exhausted', limit: 1 })).count).to.equal(0);
      expect(receiver.received.filter((r) => r.body.includes('"outage '))).to.have.length(0);
      await receiver.start();
      await drain(async () => (await call.ok('list_webhook_deliveries', { status: 'failed', limit: 1 })).count === 0);
      const ids = new Set(
        receiver.received.filter((r) => r.body.includes('"outage ')).map((r) => r.headers['webhook-id']),
      );
      expect(ids.size).to.equal(200);
      expect((await call.ok('list_webhook_deliveries', { status: 'exhausted', limit: 1 })).count).to.equal(0);
    });

    it('an endpoint failing for longer than the limit is disabled; new events are held; enabling and recovering sends them', async () => {
      const since = new Date().toISOString();
      receiver.answer = () => ({ status: 500 });
      await openTicket('First failure');
      const first = await latest('ticket.created');
      await drain(async () => (await delivery(first.delivery_id)).status === 'failed');
      expect((await call.ok('get_webhook_config')).webhooks).to.include({ endpoint_status: 'active' });
      // The clock moves on: the run of failures started 5 days and a minute ago.
      await k.orm.em
        .fork()
        .execute(`update webhook_endpoints set failing_since = now() - interval '5 days 1 minute' where shop_id = ?`, [
          shop.shopId,
        ]);
      await drain(async () => (await call.ok('get_webhook_config')).webhooks.endpoint_status === 'disabled_failing');
      const config = (await call.ok('get_webhook_config')).webhooks;
      expect(config.disabled_at).to.be.a('string');
      const told = (await call.ok('list_notifications', { recipient: 'owner', type: 'webhooks_disabled' }))
        .notifications;
      expect(told).to.have.length(1);
      expect(told[0].body).to.include(receiver.url);
      await openTicket('Held back');
      const held = await latest('ticket.created');
      expect(held).to.include({ status: 'exhausted' });
      expect(held.last_error).to.match(/disabled/);
      receiver.answer = () => ({ status: 200 });
      await call.fails('recover_failed_webhooks', { since }, 'invalid_state');
      await configure({ webhook_enabled: true });
      expect((await call.ok('get_webhook_config')).webhooks).to.include({
        endpoint_status: 'active',
        failing_since: null,
      });
      const { requeued } = await call.ok('recover_failed_webhooks', { since });
      // The held one; the first is either held too or still on its schedule.
      expect(requeued).to.be.within(1, 2);
      await drain(async () =>
        (await Promise.all([held, first].map((d) => delivery(d.delivery_id)))).every((d) => d.status === 'succeeded'),
      );
    });

    it('a new secret signs alongside the old one during the grace period', async () => {
      const NEW = 'whsec-rotated-secret-0002';
      await configure({ webhook_enabled: true, webhook_secret: NEW });
      const config = (await call.ok('get_webhook_config')).webhooks;
      expect(config.secret_hint).to.equal('…0002');
      expect(config.previous_secret_signs_until).to.be.a('string');
      await openTicket('Rotated');
      const row = await latest('ticket.created');
      await drain(async () => (await delivery(row.delivery_id)).status === 'succeeded');
      const [got] = receiver.of(row.delivery_id);
      expect(got!.headers['x-switchboard-signature']!.split(',').filter((p) => p.startsWith('v1='))).to.have.length(2);
      expect(got!.headers['webhook-signature']!.split(' ')).to.have.length(2);
      verify(got!, NEW);
      verify(got!, SECRET);
      expect(() => verify(got!, 'whsec-some-other-secret-9')).to.throw();
    });
  });

  describe('send_test_webhook and the log', () => {
    it('sends one test event now and reports the answer; it is in the log', async () => {
      receiver.answer = () => ({ status: 202, body: 'x'.repeat(5000) });
      const { attempt } = await call.ok('send_test_webhook', { event_type: 'ticket.closed' });
      expect(attempt).to.include({ succeeded: true, status_code: 202 });
      expect(attempt.response_excerpt).to.have.length(1024);
      const got = receiver.of(attempt.delivery_id);
      expect(got).to.have.length(1);
      expect(verify(got[0]!, 'whsec-rotated-secret-0002')).to.deep.include({
        type: 'webhook.test',
        data: { test: true, message: 'A test event sent by send_test_webhook.', sample_of: 'ticket.closed' },
      });
      expect(await latest('webhook.test')).to.include({ delivery_id: attempt.delivery_id, status: 'succeeded' });
      receiver.answer = () => ({ status: 200, delayMs: 2_000 });
      const slow = (await call.ok('send_test_webhook')).attempt;
      expect(slow).to.include({ succeeded: false, status_code: null });
      expect(slow.error).to.match(/no answer within 1000 ms/);
      await call.fails('send_test_webhook', {}, 'invalid_state').catch(() => undefined);
      const stats = (await call.ok('get_webhook_config')).stats_24h;
      expect(stats.delivered).to.be.greaterThan(0);
      expect(stats.latency_p95_ms).to.be.a('number');
    });

    it('another shop sees none of it; a shop with no endpoint cannot send a test', async () => {
      const mine = (await call.ok('list_webhook_deliveries', { limit: 1 })).deliveries[0];
      await fails(k, other.token, 'get_webhook_delivery', { delivery_id: mine.delivery_id }, 'not_found');
      await fails(k, other.token, 'redeliver_webhook', { delivery_id: mine.delivery_id }, 'not_found');
      expect((await ok(k, other.token, 'list_webhook_deliveries')).count).to.equal(0);
      await fails(k, other.token, 'send_test_webhook', {}, 'invalid_state');
      expect((await ok(k, other.token, 'get_webhook_config')).webhooks).to.include({
        webhook_enabled: false,
        has_secret: false,
      });
    });
  });
});
