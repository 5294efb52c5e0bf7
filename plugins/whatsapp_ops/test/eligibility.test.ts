import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, connectedLine, customerWrites, fails, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';

const CUSTOMER = '+34600444555';

describe('whatsapp_ops: contact window and eligibility', () => {
  let k: TestKernel;
  let shopId: number;
  let token: string;
  let main: any;
  let ops: any;

  const check = (args: Record<string, unknown>) =>
    ok(k, token, 'check_chatapp_contact_eligibility', { action: 'check', phone: CUSTOMER, ...args }).then(
      (p) => p.eligibility,
    );
  const moveWindow = (hoursAgo: number) =>
    rows(
      k,
      `update chatapp_contact_windows set last_inbound_at = now() - make_interval(hours => ?) where shop_id = ?`,
      [hoursAgo, shopId],
    );

  before(async () => {
    k = await bootOps({ probe: true });
    ({ shopId, token } = await k.newShop('Eligibility shop', { credits: 100_000 }));
    main = await connectedLine(k, token, { label: 'Main' }, '+34711000400');
    ops = await connectedLine(k, token, { label: 'Ops', force_new: true }, '+34711000401');
  });
  after(() => k.close());

  it('the settings default to the deployment window (24 h) with every filter off', async () => {
    const { settings } = await ok(k, token, 'get_chatapp_eligibility_settings');
    expect(settings).to.include({ window_hours: 24, window_hours_source: 'default', updated_at: null });
    expect(settings.filters).to.deep.equal({
      order_automation: false,
      ecomA_order: false,
      parts_progress: false,
      recambios_envia_event: false,
      campaign: false,
      followup: false,
    });
  });

  it('a customer who never wrote is outside the window; with the filter off the message is still eligible', async () => {
    const e = await check({ billing_source: 'order_automation' });
    expect(e).to.include({
      phone: CUSTOMER,
      billing_source: 'order_automation',
      sender_role: 'general',
      within_window: false,
      last_inbound_at: null,
      filter_enabled: false,
      eligible: true,
      reason: null,
      window_hours: 24,
      opted_out: false,
    });
    expect(e.line).to.deep.equal({ session_id: main.id, phone: '+34711000400', label: 'Main' });
  });

  it('update_chatapp_eligibility_settings turns a filter on; then the same customer is not eligible (outside_window)', async () => {
    const { settings } = await ok(k, token, 'update_chatapp_eligibility_settings', {
      filters: { order_automation: true },
    });
    expect(settings.filters).to.include({ order_automation: true, campaign: false });
    const e = await check({ billing_source: 'order_automation' });
    expect(e).to.include({ filter_enabled: true, within_window: false, eligible: false, reason: 'outside_window' });
    expect((await check({ billing_source: 'campaign' })).eligible).to.equal(true);
  });

  it('the send path refuses a filtered automatic message outside the window (outside_contact_window), charging nothing', async () => {
    const err = await inShop(k, shopId, ({ services }) =>
      services.chatappMessagingService.send({
        phone: CUSTOMER,
        text: 'Order update',
        automatic: true,
        billingSource: 'order_automation',
      }),
    ).then(
      () => expect.fail('refused expected'),
      (e) => e,
    );
    expect(err.code).to.equal('outside_contact_window');
    expect(err.details).to.include({ billing_source: 'order_automation', window_hours: 24 });
    expect(
      (
        await rows(k, 'select count(*)::int as n from chatapp_messages where shop_id = ? and phone = ?', [
          shopId,
          CUSTOMER,
        ])
      )[0].n,
    ).to.equal(0);
    // A person's message is not filtered.
    await ok(k, token, 'send_chatapp_message', { phone: CUSTOMER, message: 'Hello' });
  });

  it('once the customer writes to the line, the check flips to eligible within the window, on that physical line', async () => {
    await customerWrites(k, token, main.session_key, CUSTOMER, 'Where is my order?');
    const e = await waitFor('the window to open', async () => {
      const got = await check({ billing_source: 'order_automation' });
      return got.within_window && got;
    });
    expect(e).to.include({ eligible: true, reason: null, filter_enabled: true });
    expect(new Date(e.window_expires_at).getTime() - new Date(e.last_inbound_at).getTime()).to.equal(24 * 3_600_000);
    // Without the operations role on the line the customer wrote to, operations messages go out on the other line, outside its window.
    await ok(k, token, 'update_chatapp_routing_roles', {
      session_id: main.id,
      routing_roles: ['general', 'marketing'],
    });
    const other = await check({ billing_source: 'order_automation', sender_role: 'operations' });
    expect(other.line.session_id).to.equal(ops.id);
    expect(other).to.include({ within_window: false, eligible: false, reason: 'outside_window' });
    await ok(k, token, 'update_chatapp_routing_roles', {
      session_id: main.id,
      routing_roles: ['general', 'operations', 'marketing'],
    });
    const { message } = await inShop(k, shopId, ({ services }) =>
      services.chatappMessagingService.send({
        phone: CUSTOMER,
        text: 'Order update',
        automatic: true,
        billingSource: 'order_automation',
      }),
    );
    expect(message).to.include({ status: 'sent', session_id: main.id });
  });

  it('eligibility flips back after the window passes (timestamps moved in SQL), and with a smaller shop window', async () => {
    await moveWindow(25);
    expect(await check({ billing_source: 'order_automation' })).to.include({
      within_window: false,
      eligible: false,
      reason: 'outside_window',
    });
    await moveWindow(2);
    expect((await check({ billing_source: 'order_automation' })).within_window).to.equal(true);
    const { settings } = await ok(k, token, 'update_chatapp_eligibility_settings', { window_hours: 1 });
    expect(settings).to.include({ window_hours: 1, window_hours_source: 'shop' });
    expect(await check({ billing_source: 'order_automation' })).to.include({
      window_hours: 1,
      within_window: false,
      eligible: false,
    });
    const reset = await ok(k, token, 'update_chatapp_eligibility_settings', { window_hours: null });
    expect(reset.settings).to.include({ window_hours: 24, window_hours_source: 'default' });
  });

  it('a later inbound never makes the window older', async () => {
    await moveWindow(0);
    const [before] = await rows(k, 'select last_inbound_at from chatapp_contact_windows where shop_id = ?', [shopId]);
    await inShop(k, shopId, async ({ services }) => {
      const line = await services.chatappSessionsService.get(main.id);
      await services.chatappEligibilityService.recordInbounds([
        { line, customerPhone: CUSTOMER, at: new Date(Date.now() - 10 * 3_600_000) },
      ]);
    });
    const [after] = await rows(k, 'select last_inbound_at from chatapp_contact_windows where shop_id = ?', [shopId]);
    expect(new Date(after.last_inbound_at).getTime()).to.equal(new Date(before.last_inbound_at).getTime());
  });

  it('opted out or no line for the role → not eligible, with the reason', async () => {
    await ok(k, token, 'add_chatapp_optout', { action: 'add', phone: CUSTOMER });
    expect(await check({ billing_source: 'campaign' })).to.include({
      eligible: false,
      reason: 'opted_out',
      opted_out: true,
    });
    await ok(k, token, 'remove_chatapp_optout', { phone: CUSTOMER });
    await ok(k, token, 'update_chatapp_routing_roles', { session_id: main.id, routing_roles: ['general'] });
    await ok(k, token, 'update_chatapp_routing_roles', { session_id: ops.id, routing_roles: ['operations'] });
    const none = await check({ billing_source: 'campaign', sender_role: 'marketing' });
    expect(none).to.include({ eligible: false, reason: 'session_not_connected', line: null });
  });

  it('checks arguments: action, E.164 phone, billing_source and sender_role enums; settings need a change', async () => {
    await fails(
      k,
      token,
      'check_chatapp_contact_eligibility',
      { phone: CUSTOMER, billing_source: 'campaign' },
      'invalid_arguments',
    );
    await fails(
      k,
      token,
      'check_chatapp_contact_eligibility',
      { action: 'check', phone: CUSTOMER },
      'invalid_arguments',
    );
    await fails(
      k,
      token,
      'check_chatapp_contact_eligibility',
      { action: 'check', phone: CUSTOMER, billing_source: 'newsletter' },
      'invalid_arguments',
    );
    await fails(
      k,
      token,
      'check_chatapp_contact_eligibility',
      { action: 'check', phone: CUSTOMER, billing_source: 'campaign', sender_role: 'boss' },
      'invalid_arguments',
    );
    await fails(
      k,
      token,
      'check_chatapp_contact_eligibility',
      { action: 'check', phone: 'abc', billing_source: 'campaign' },
      'invalid_arguments',
    );
    await fails(k, token, 'update_chatapp_eligibility_settings', {}, 'invalid_arguments');
    await fails(k, token, 'update_chatapp_eligibility_settings', { filters: {} }, 'invalid_arguments');
    await fails(k, token, 'update_chatapp_eligibility_settings', { window_hours: 0 }, 'invalid_arguments');
    await fails(
      k,
      token,
      'update_chatapp_eligibility_settings',
      { filters: { newsletter: true } },
      'invalid_arguments',
    );
  });
});
