import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { balanceOf, bootOps, connectedLine, fails, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { customerSays, dueNow, FOLLOWUP_GROUPS, followupMessages, freshPhone, sendDue } from './helpers.js';

describe('smart_followup', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let token: string;
  let shopId: number;
  let line: { id: number; session_key: string };
  const call = (tool: string, args: Record<string, unknown> = {}) => ok(k, token, tool, args);
  const refuse = (tool: string, args: Record<string, unknown>, code: string) => fails(k, token, tool, args, code);
  const cart = (id: string) => ({
    kind: 'cart',
    id,
    url: `https://shop.example/cart/${id}`,
    total: 42.5,
    currency: 'EUR',
  });

  before(async () => {
    k = await bootOps({ groups: FOLLOWUP_GROUPS, probe: true });
    ({ token, shopId } = await k.shops.create({
      name: 'Tienda Sol',
      timezone: 'Europe/Madrid',
      locale: 'es-ES',
      credits: 1_000_000,
    }));
    line = await connectedLine(k, token);
    // Follow-ups go out any time of day in these tests; timing has its own.
    for (const type of ['conversation', 'quote', 'cart'])
      await call('update_followup_settings', {
        type,
        quiet_hours: { from: '00:00', to: '00:01' },
        respect_business_hours: false,
      });
  });
  after(() => k?.close());

  describe('settings', () => {
    it('defaults per type; bounds, placeholders and empty changes are refused', async () => {
      const { settings } = await call('get_followup_settings');
      expect(settings.map((s: any) => [s.type, s.enabled])).to.deep.equal([
        ['conversation', false],
        ['quote', true],
        ['cart', true],
      ]);
      expect(settings[2].template).to.match(/^Hola \{nombre\}, dejaste productos/);
      for (const bad of [
        { first_delay_minutes: 9 },
        { first_delay_minutes: 43_201 },
        { max_attempts: 0 },
        { max_attempts: 4 },
        { min_gap_hours: 11 },
        { quiet_hours: { from: '25:00', to: '09:00' } },
        { quiet_hours: { from: '09:00', to: '09:00' } },
        { template: 'Hola {name}' },
        {},
      ])
        await refuse('update_followup_settings', { type: 'cart', ...bad }, 'invalid_arguments');
      const { settings: cartSettings } = await call('update_followup_settings', {
        type: 'cart',
        max_attempts: 3,
        min_gap_hours: 12,
      });
      expect(cartSettings).to.include({ max_attempts: 3, min_gap_hours: 12, first_delay_minutes: 60 });
    });
  });

  describe('create_followup', () => {
    it('refuses a missing or mismatched reference, a past or too late due_at, an opted-out phone, a switched-off type', async () => {
      const phone = freshPhone();
      await refuse('create_followup', { phone, type: 'cart' }, 'invalid_arguments');
      await refuse('create_followup', { phone, type: 'quote', reference: cart('1') }, 'invalid_arguments');
      await refuse('create_followup', { phone, type: 'conversation', reference: cart('1') }, 'invalid_arguments');
      await refuse(
        'create_followup',
        { phone, type: 'cart', reference: cart('1'), due_at: '2001-01-01 10:00' },
        'invalid_arguments',
      );
      await refuse(
        'create_followup',
        { phone, type: 'cart', reference: cart('1'), due_at: '2099-01-01 10:00' },
        'invalid_arguments',
      );
      await refuse(
        'create_followup',
        { phone, type: 'cart', reference: cart('1'), message: 'Hi {who}' },
        'invalid_arguments',
      );
      await refuse('create_followup', { phone, type: 'conversation' }, 'invalid_state');
      await refuse('create_followup', { phone, type: 'cart', reference: cart('1'), session_id: 999_999 }, 'not_found');
      await call('add_chatapp_optout', { action: 'add', phone });
      await refuse('create_followup', { phone, type: 'cart', reference: cart('1') }, 'recipient_opted_out');
    });

    it('times a follow-up after the first delay and explains it; preview renders the template', async () => {
      const phone = freshPhone();
      const before = Date.now();
      const { followup } = await call('create_followup', { phone, type: 'cart', reference: cart('A1') });
      expect(followup).to.include({ status: 'scheduled', attempt: 1, max_attempts: 3, type: 'cart' });
      expect(new Date(followup.due_at).getTime()).to.be.at.least(before + 60 * 60_000 - 1000);
      expect(followup.timing.method).to.be.oneOf(['fixed_delay', 'shop_activity', 'customer_activity']);
      const preview = await call('preview_followup_message', { followup_id: followup.id });
      expect(preview.message).to.equal(
        'Hola, dejaste productos en tu carrito. Puedes terminar tu compra aquí: https://shop.example/cart/A1 — Tienda Sol',
      );
      expect(preview.eligibility).to.include({ billing_source: 'followup' });
      const fresh = await call('preview_followup_message', { phone: freshPhone(), type: 'quote' });
      expect(fresh.message).to.equal(
        'Hola, ¿qué te pareció el presupuesto? Lo tienes aquí: — Tienda Sol'.replace(': —', ' —'),
      );
      await refuse('preview_followup_message', { phone }, 'invalid_arguments');
    });
  });

  describe('sending', () => {
    it('sends each attempt once through the send path (key, billing source followup, credits), then schedules the next after the gap', async () => {
      const phone = freshPhone();
      await call('add_customer_tag', { action: 'add', phone, tag_name: 'lead' });
      await rows(k, 'update customers set name = ? where phone = ?', ['Lucía', phone]);
      const { followup } = await call('create_followup', { phone, type: 'cart', reference: cart('B2') });
      const balance = await balanceOf(k, shopId);
      await dueNow(k, [followup.id]);
      const report = await sendDue(k, shopId);
      expect(report).to.include({ sent: 1 });
      expect(await sendDue(k, shopId)).to.include({ sent: 0 });
      const sent = await followupMessages(k, phone);
      expect(sent).to.have.length(1);
      expect(sent[0]).to.include({ idempotency_key: `smart-followup-${followup.id}-attempt-1`, automatic: true });
      expect(await balanceOf(k, shopId)).to.equal(balance - 500);
      const got = await call('get_followup', { followup_id: followup.id });
      expect(got.followup).to.include({ status: 'scheduled', attempt: 2 });
      // The gap (12 h), rounded up to the half-hour slot; a slot at 00:00 in Madrid is inside this
      // test's quiet minute (00:00–00:01) and moves to 00:30, so at most an hour after the gap.
      expect(new Date(got.followup.due_at).getTime() - Date.now()).to.be.within(11.9 * 3_600_000, 13.05 * 3_600_000);
      expect(got.sends).to.have.length(1);
      expect(got.sends[0].text).to.match(/^Hola Lucía, dejaste productos/);
      await dueNow(k, [followup.id]);
      await sendDue(k, shopId);
      await dueNow(k, [followup.id]);
      await sendDue(k, shopId);
      const done = await call('get_followup', { followup_id: followup.id });
      expect(done.followup).to.include({ status: 'sent', attempt: 3 });
      expect((await followupMessages(k, phone)).map((m: any) => m.idempotency_key)).to.deep.equal(
        [1, 2, 3].map((n) => `smart-followup-${followup.id}-attempt-${n}`),
      );
    });

    it('an attempt whose batch rolled back is sent again with the same key: the customer gets one message', async () => {
      const phone = freshPhone();
      const { followup } = await call('create_followup', {
        phone,
        type: 'quote',
        reference: { kind: 'quote', id: 'Q9' },
      });
      await dueNow(k, [followup.id]);
      const { inShop } = await import('../../../test/fixtures/service-probe/index.js');
      await inShop(
        k,
        shopId,
        async (ctx) => {
          await ctx.services.followupSenderService.sendDue(10);
          throw new Error('the process died after sending, before committing');
        },
        true,
      ).catch(() => undefined);
      expect((await call('get_followup', { followup_id: followup.id })).followup.status).to.equal('scheduled');
      await sendDue(k, shopId);
      const sent = await followupMessages(k, phone);
      expect(sent).to.have.length(1);
      const network = await rows(
        k,
        `select count(*)::int as n from sandbox_messages where peer_phone = ? and direction = 'outbound'`,
        [phone],
      );
      expect(network[0].n).to.equal(1);
    });

    it('stops: a customer reply, a person at the shop writing, an opt-out, a conversion; nothing is sent after', async () => {
      const ids: Record<string, number> = {};
      const phones: Record<string, string> = {};
      for (const c of ['reply', 'agent', 'optout', 'convert', 'cancel']) {
        phones[c] = freshPhone();
        ids[c] = (await call('create_followup', { phone: phones[c], type: 'cart', reference: cart(c) })).followup.id;
      }
      await customerSays(k, token, line.session_key, phones.reply!, 'Ya lo compré, gracias');
      await call('send_chatapp_message', { phone: phones.agent!, message: 'Te escribo yo: ¿te ayudo con el carrito?' });
      await call('add_chatapp_optout', { action: 'add', phone: phones.optout! });
      await call('mark_followup_converted', { reference: { kind: 'cart', id: 'convert' } });
      await call('cancel_followup', { followup_id: ids.cancel, reason: 'asked by phone' });
      await dueNow(k, Object.values(ids));
      expect((await sendDue(k, shopId)).sent).to.equal(0);
      const status = async (c: string) => (await call('get_followup', { followup_id: ids[c] })).followup;
      expect(await status('reply')).to.include({ status: 'replied', skip_reason: 'replied' });
      expect(await status('agent')).to.include({ status: 'skipped', skip_reason: 'agent_replied' });
      expect(await status('optout')).to.include({ status: 'skipped', skip_reason: 'opted_out' });
      expect(await status('convert')).to.include({ status: 'converted' });
      expect(await status('cancel')).to.include({ status: 'cancelled', cancel_reason: 'asked by phone' });
      for (const phone of Object.values(phones)) expect(await followupMessages(k, phone)).to.deep.equal([]);
      await refuse('cancel_followup', { followup_id: ids.reply }, 'invalid_state');
      await refuse('reschedule_followup', { followup_id: ids.convert, smart: true }, 'invalid_state');
      await refuse('mark_followup_converted', { followup_id: ids.cancel }, 'invalid_state');
      await refuse('mark_followup_converted', { reference: { kind: 'cart', id: 'nope' } }, 'not_found');
    });

    it('the contact-window filter skips honestly; no credits stop nothing and charge nothing, the attempt waits', async () => {
      const phone = freshPhone();
      const { followup } = await call('create_followup', { phone, type: 'cart', reference: cart('W1') });
      await call('update_chatapp_eligibility_settings', { filters: { followup: true } });
      await dueNow(k, [followup.id]);
      await sendDue(k, shopId);
      expect((await call('get_followup', { followup_id: followup.id })).followup).to.include({
        status: 'skipped',
        skip_reason: 'outside_contact_window',
      });
      await call('update_chatapp_eligibility_settings', { filters: { followup: false } });
      const poor = await k.shops.create({ name: 'Poor shop', credits: 0 });
      const poorLine = await connectedLine(k, poor.token);
      void poorLine;
      const p = freshPhone();
      const { followup: f } = await ok(k, poor.token, 'create_followup', {
        phone: p,
        type: 'cart',
        reference: cart('P1'),
      });
      await dueNow(k, [f.id]);
      expect(await sendDue(k, poor.shopId)).to.include({ sent: 0, waiting: 1 });
      const after = (await ok(k, poor.token, 'get_followup', { followup_id: f.id })).followup;
      expect(after).to.include({ status: 'scheduled', failure_code: 'insufficient_credits' });
      expect(new Date(after.due_at).getTime()).to.be.greaterThan(Date.now() + 14 * 60_000);
      expect(await balanceOf(k, poor.shopId)).to.equal(0);
    });
  });

  describe('managing', () => {
    it('reschedule to a time or by smart timing; bulk cancel by phone, type or ids', async () => {
      const phone = freshPhone();
      const a = (await call('create_followup', { phone, type: 'cart', reference: cart('R1') })).followup;
      const b = (await call('create_followup', { phone, type: 'quote', reference: { kind: 'quote', id: 'R2' } }))
        .followup;
      const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const moved = (await call('reschedule_followup', { followup_id: a.id, due_at: at })).followup;
      expect(moved.due_at).to.equal(at);
      expect(moved.timing.method).to.equal('given');
      expect(
        (await call('reschedule_followup', { followup_id: a.id, smart: true })).followup.timing.method,
      ).to.not.equal('given');
      await refuse('reschedule_followup', { followup_id: a.id }, 'invalid_arguments');
      await refuse('bulk_cancel_followups', { phone, type: 'cart' }, 'invalid_arguments');
      const byIds = await call('bulk_cancel_followups', { followup_ids: [a.id, 999_999] });
      expect(byIds).to.deep.include({ cancelled: [a.id], count: 1, not_cancelled: [999_999] });
      const byPhone = await call('bulk_cancel_followups', { phone });
      expect(byPhone.cancelled).to.deep.equal([b.id]);
      const listed = await call('list_followups', { phone, status: 'cancelled' });
      expect(listed.followups.map((f: any) => f.id).sort()).to.deep.equal([a.id, b.id].sort());
      await refuse('get_followup', { followup_id: 999_999 }, 'not_found');
    });

    it('stats count statuses, skip reasons, messages, credits and replies within 72 h', async () => {
      const phone = freshPhone();
      const { followup } = await call('create_followup', {
        phone,
        type: 'quote',
        reference: { kind: 'quote', id: 'S1' },
      });
      await dueNow(k, [followup.id]);
      await sendDue(k, shopId);
      await customerSays(k, token, line.session_key, phone, 'Vale, acepto el presupuesto');
      const stats = await call('get_followup_stats', { type: 'quote' });
      expect(stats.followups.replied).to.be.at.least(1);
      expect(stats.messages.sent).to.be.at.least(1);
      expect(stats.messages.replied_within_72h).to.be.at.least(1);
      expect(stats.messages.credits).to.equal(stats.messages.sent * 500);
      expect(stats.reply_rate_by_hour.length).to.be.at.least(1);
      const all = await call('get_followup_stats', {});
      expect(all.followups.skipped).to.have.keys('agent_replied', 'opted_out', 'outside_contact_window');
      expect(all.followups.converted).to.be.at.least(1);
    });
  });

  describe('conversation follow-ups (the planner)', () => {
    it('plans one follow-up per unanswered shop message, once; the customer’s answer stops it', async () => {
      const phone = freshPhone();
      await customerSays(k, token, line.session_key, phone, '¿Tenéis la mesa en roble?');
      await call('send_chatapp_message', { phone, message: 'Sí, en 180 cm. ¿Te la reservo?' });
      const scan = await call('scan_unanswered_conversations', {});
      const entry = scan.conversations.find((c: any) => c.phone === phone);
      expect(entry).to.include({ followup_id: null, opted_out: false });
      expect(scan.planner_enabled).to.equal(false);
      let tick = 0;
      const plan = () =>
        k.scheduler.runTick('smart_followup.plan-conversation-followups', new Date(Date.UTC(2005, 0, 1, 0, tick++)));
      await plan();
      expect((await call('list_followups', { phone })).count).to.equal(0);
      await call('update_followup_settings', { type: 'conversation', enabled: true, max_attempts: 1 });
      await plan();
      await plan();
      const { followups } = await call('list_followups', { phone });
      expect(followups).to.have.length(1);
      expect(followups[0]).to.include({ type: 'conversation', status: 'scheduled', session_id: line.id });
      expect(
        (await call('scan_unanswered_conversations', {})).conversations.find((c: any) => c.phone === phone).followup_id,
      ).to.equal(followups[0].id);
      await customerSays(k, token, line.session_key, phone, 'Sí, resérvamela');
      expect((await call('get_followup', { followup_id: followups[0].id })).followup.status).to.equal('replied');
      await call('update_followup_settings', { type: 'conversation', enabled: false });
    });
  });
});
