import { expect } from 'chai';
import { formatShopTime } from '../../../core/index.js';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, connectedLine, fails, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';

const JOB = 'notifications.send-notification-deliveries';
let lastTick = Date.UTC(2003, 0, 1);
const freshTick = () => new Date((lastTick += 1000));

describe('notifications: the owner’s and agents’ inbox', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let shop: { shopId: number; token: string };
  let agent: number;
  const call = {
    ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, shop.token, tool, args, code),
  };
  const list = (recipient: unknown, args: Record<string, unknown> = {}) =>
    call.ok('list_notifications', { recipient, limit: 100, ...args });
  const inThisShop = (work: Parameters<typeof inShop>[2]) => inShop(k, shop.shopId, work);
  const deliveries = () =>
    rows(k, 'select * from notification_deliveries where shop_id = ? order by id', [shop.shopId]);

  before(async () => {
    k = await bootOps({
      groups: ['agents', 'tickets', 'customers', 'notifications'],
      probe: true,
      kernel: { credits: { lowBalance: 2_000 } },
    });
    shop = await k.newShop('Notified shop', { credits: 100_000 });
    agent = (
      await call.ok('create_agent', {
        action: 'create',
        nickname: 'ana',
        full_name: 'Ana Ruiz',
        email: 'ana@example.com',
        phone: '+34600200300',
      })
    ).agent.id;
  });
  after(async () => {
    await k?.close();
  });

  describe('from other groups’ events', () => {
    it('a ticket assigned to an agent tells that agent; repeats fold into one unread notification', async () => {
      const { ticket } = await call.ok('create_ai_ticket', {
        action: 'create',
        title: 'Broken zip',
        phone: '+34600999001',
      });
      await call.ok('assign_ai_ticket', { action: 'assign', ticket_id: ticket.id, assigned_agent_id: agent });
      let page = await list(agent, { type: 'ticket_assigned' });
      expect(page.notifications).to.have.length(1);
      expect(page.notifications[0]).to.deep.include({
        recipient: agent,
        type: 'ticket_assigned',
        title: `Ticket #${ticket.id} was assigned to you`,
        resource: { type: 'ticket', id: String(ticket.id) },
        count: 1,
        read: false,
        snoozed: false,
      });
      await call.ok('assign_ai_ticket', { action: 'assign', ticket_id: ticket.id, assigned_agent_id: 0 });
      await call.ok('assign_ai_ticket', { action: 'assign', ticket_id: ticket.id, assigned_agent_id: agent });
      page = await list(agent, { type: 'ticket_assigned' });
      expect(page.notifications.map((n: any) => n.count)).to.deep.equal([2]);
      // Once read, the next repeat is a new notification.
      await call.ok('mark_notification_read', { notification_id: page.notifications[0].id });
      await call.ok('assign_ai_ticket', { action: 'assign', ticket_id: ticket.id, assigned_agent_id: 0 });
      await call.ok('assign_ai_ticket', { action: 'assign', ticket_id: ticket.id, assigned_agent_id: agent });
      page = await list(agent, { type: 'ticket_assigned' });
      expect(page.notifications.map((n: any) => [n.count, n.read])).to.deep.equal([
        [1, false],
        [2, true],
      ]);
      // The owner is not told of an agent's assignment.
      expect((await list('owner', { type: 'ticket_assigned' })).count).to.equal(0);
    });

    it('a P0 ticket tells the owner; other priorities do not', async () => {
      await call.ok('create_ai_ticket', {
        action: 'create',
        title: 'Checkout down',
        priority: 'P0',
        phone: '+34600999000',
      });
      await call.ok('create_ai_ticket', {
        action: 'create',
        title: 'Typo on the site',
        priority: 'P3',
        phone: '+34600999002',
      });
      const page = await list('owner', { type: 'ticket_p0' });
      expect(page.notifications.map((n: any) => [n.title, n.body])).to.deep.equal([
        [page.notifications[0].title, 'Customer +34600999000'],
      ]);
      expect(page.notifications[0].title).to.match(/^P0 ticket #\d+: Checkout down$/);
    });

    it('a campaign that finished or paused tells the owner', async () => {
      await inThisShop(({ services }) =>
        services.events.emit('mass_marketing.campaign_status_changed', {
          campaign_id: 41,
          name: 'Black Friday',
          status: 'paused',
          previous_status: 'running',
          reason: 'insufficient_credits',
          changed_at: new Date().toISOString(),
        }),
      );
      await inThisShop(({ services }) =>
        services.events.emit('mass_marketing.campaign_status_changed', {
          campaign_id: 42,
          name: 'Winter',
          status: 'completed',
          previous_status: 'running',
          reason: null,
          changed_at: new Date().toISOString(),
        }),
      );
      const page = await list('owner');
      const campaign = page.notifications.filter((n: any) => n.type.startsWith('campaign_'));
      expect(campaign.map((n: any) => [n.type, n.title, n.body])).to.deep.equal([
        ['campaign_finished', 'Campaign “Winter” finished', null],
        ['campaign_paused', 'Campaign “Black Friday” was paused', 'insufficient_credits'],
      ]);
    });

    it('a new booking tells its agent, or the owner when nobody has it', async () => {
      const booked = (event_id: number, assigned_agent_id: number | null) =>
        inThisShop(({ services }) =>
          services.events.emit('calendar.event_booked', {
            event_id,
            calendar_id: 1,
            service_id: null,
            phone: '+34600555666',
            assigned_agent_id,
            status: 'pending',
            start_at: '2031-03-04T09:30:00.000Z',
            end_at: '2031-03-04T10:00:00.000Z',
          }),
        );
      await booked(71, agent);
      await booked(72, null);
      const [{ timezone }] = await rows(k, 'select timezone from shops where id = ?', [shop.shopId]);
      const when = formatShopTime(new Date('2031-03-04T09:30:00.000Z'), timezone).slice(0, 16);
      const mine = (await list(agent, { type: 'booking_created' })).notifications;
      expect(mine.map((n: any) => [n.title, n.body, n.resource])).to.deep.equal([
        [
          `New booking on ${when}`,
          'Customer +34600555666. It waits for your confirmation.',
          { type: 'calendar_event', id: '71' },
        ],
      ]);
      const owners = (await list('owner', { type: 'booking_created' })).notifications;
      expect(owners.map((n: any) => n.resource.id)).to.deep.equal(['72']);
    });

    it('credits.low is fired once when a debit crosses the threshold, and tells the owner', async () => {
      const balance = async () =>
        Number((await rows(k, 'select credits_balance from shops where id = ?', [shop.shopId]))[0].credits_balance);
      const start = await balance();
      await inThisShop(({ services }) => services.credits.debit(start - 2_500, 'test'));
      expect((await list('owner', { type: 'credits_low' })).count).to.equal(0);
      await inThisShop(({ services }) => services.credits.debit(600, 'test'));
      await inThisShop(({ services }) => services.credits.debit(600, 'test'));
      await inThisShop(({ services }) => services.credits.debitEach([{ amount: 100 }, { amount: 100 }], 'test batch'));
      const page = await list('owner', { type: 'credits_low' });
      expect(page.notifications.map((n: any) => [n.title, n.count])).to.deep.equal([
        ['Credits are running low: 1900 left', 1],
      ]);
      // A top-up over the threshold and a batch that crosses it again: told again (folded, unread).
      await k.shops.addCredits(shop.shopId, 10_000, 'top_up');
      await inThisShop(({ services }) => services.credits.debitEach([{ amount: 5_000 }, { amount: 5_000 }], 'batch'));
      const again = await list('owner', { type: 'credits_low' });
      expect(again.notifications.map((n: any) => n.count)).to.deep.equal([2]);
      await k.shops.addCredits(shop.shopId, 100_000, 'top_up');
    });

    it('a rolled-back change leaves no notification', async () => {
      const before = (await list('owner')).count;
      const err = await inThisShop(async ({ services }) => {
        await services.notificationsService.notify({ recipients: [0], type: 'announcement', title: 'Never seen' });
        throw new Error('the change failed');
      }).catch((e: Error) => e);
      expect(err.message).to.equal('the change failed');
      expect((await list('owner')).count).to.equal(before);
    });

    it('concurrent repeats of one thing fold into one row', async () => {
      await Promise.all(
        Array.from({ length: 8 }, () =>
          inThisShop(({ services }) =>
            services.notificationsService.notify({
              recipients: [0, agent],
              type: 'announcement',
              title: 'Stock alert',
              dedupeKey: 'stock:sku-1',
            }),
          ),
        ),
      );
      const counts = await rows(
        k,
        `select agent_id, count, (select count(*) from notifications n2 where n2.shop_id = n.shop_id and n2.dedupe_key = 'stock:sku-1') as total
         from notifications n where shop_id = ? and dedupe_key = 'stock:sku-1' order by agent_id`,
        [shop.shopId],
      );
      expect(counts.map((r: any) => [r.agent_id, r.count, Number(r.total)])).to.deep.equal([
        [0, 8, 2],
        [agent, 8, 2],
      ]);
    });
  });

  describe('reading', () => {
    it('read, unread, and a second unread row of one kind refused', async () => {
      const [first] = (await list(agent, { type: 'ticket_assigned' })).notifications;
      expect(first.read).to.equal(false);
      const read = await call.ok('mark_notification_read', { notification_id: first.id });
      expect(read.notification.read).to.equal(true);
      const unread = await call.ok('mark_notification_read', { notification_id: first.id, read: false });
      expect(unread.notification).to.include({ read: false, read_at: null });
      // The older one of the same ticket cannot be unread too: the newer row stands for it.
      const older = (await list(agent, { type: 'ticket_assigned' })).notifications.find((n: any) => n.read);
      const conflict = await call.fails(
        'mark_notification_read',
        { notification_id: older.id, read: false },
        'conflict',
      );
      expect(conflict.notification_id).to.equal(first.id);
    });

    it('mark all read takes what was active before `before`, of one type if given', async () => {
      const sent = await call.ok('send_notification', { recipients: [agent], title: 'Team meeting at 5' });
      const past = '2001-01-01 00:00:00';
      expect((await call.ok('mark_all_notifications_read', { recipient: agent, before: past })).marked).to.equal(0);
      const { marked } = await call.ok('mark_all_notifications_read', { recipient: agent, type: 'announcement' });
      expect(marked).to.be.greaterThan(0);
      const page = await list(agent, { unread_only: true });
      expect(page.notifications.some((n: any) => n.type === 'announcement')).to.equal(false);
      expect(page.notifications.some((n: any) => n.type === 'ticket_assigned')).to.equal(true);
      expect(page.unread_count).to.equal(page.count);
      expect(sent.notifications[0]).to.include({ type: 'announcement', title: 'Team meeting at 5', recipient: agent });
    });

    it('a snoozed notification is hidden until it wakes, unread and on top; new activity wakes it', async () => {
      const { notifications } = await call.ok('send_notification', {
        recipients: ['owner'],
        title: 'Call the supplier',
        body: 'About the late order',
      });
      const id = notifications[0].id;
      await call.ok('mark_notification_read', { notification_id: id });
      const until = new Date(Date.now() + 3_600_000).toISOString();
      const snoozed = await call.ok('snooze_notification', { notification_id: id, until });
      expect(snoozed.notification).to.include({ read: false, snoozed: true, snoozed_until: until });
      const hidden = await list('owner');
      expect(hidden.notifications.some((n: any) => n.id === id)).to.equal(false);
      expect((await list('owner', { include_snoozed: true })).notifications.some((n: any) => n.id === id)).to.equal(
        true,
      );
      // Its time comes.
      await rows(
        k,
        `update notifications set snoozed_until = now() - interval '1 second', last_activity_at = now() where id = ?`,
        [id],
      );
      const woke = await list('owner');
      expect(woke.notifications[0]).to.include({ id, read: false, snoozed: false });
      expect(woke.unread_count).to.equal((await list('owner', { unread_only: true })).count);

      await call.fails(
        'snooze_notification',
        { notification_id: id, until: '2001-01-01 00:00:00' },
        'invalid_arguments',
      );
      const tooFar = new Date(Date.now() + 31 * 86_400_000).toISOString();
      await call.fails('snooze_notification', { notification_id: id, until: tooFar }, 'invalid_arguments');

      // New activity on a snoozed one of a kind wakes it.
      const stock = (await list('owner')).notifications.find(
        (n: any) => n.resource === null && n.title === 'Stock alert',
      );
      await call.ok('snooze_notification', { notification_id: stock.id, until });
      await inThisShop(({ services }) =>
        services.notificationsService.notify({
          recipients: [0],
          type: 'announcement',
          title: 'Stock alert',
          dedupeKey: 'stock:sku-1',
        }),
      );
      const awake = (await list('owner')).notifications.find((n: any) => n.id === stock.id);
      expect(awake).to.include({ snoozed: false, snoozed_until: null, count: 9 });
    });

    it('delete one, clear read ones, clear all', async () => {
      const { notifications } = await call.ok('send_notification', { recipients: ['owner', agent], title: 'Bye' });
      expect(await call.ok('delete_notification', { notification_id: notifications[0].id })).to.include({
        deleted: true,
        id: notifications[0].id,
      });
      await call.fails('delete_notification', { notification_id: notifications[0].id }, 'not_found');
      const unreadBefore = (await list(agent, { unread_only: true })).count;
      const cleared = await call.ok('clear_notifications', { recipient: agent });
      expect(cleared.deleted).to.be.greaterThan(0);
      const after = await list(agent);
      expect(after.count).to.equal(unreadBefore);
      expect(after.notifications.every((n: any) => !n.read)).to.equal(true);
      await call.ok('clear_notifications', { recipient: agent, read_only: false });
      expect((await list(agent)).count).to.equal(0);
    });

    it('an unknown agent as recipient is not_found', async () => {
      const failure = await call.fails('list_notifications', { recipient: 999_999 }, 'not_found');
      expect(failure.resource).to.equal('agent');
      await call.fails('send_notification', { recipients: ['owner', 999_999], title: 'x' }, 'not_found');
      await call.fails('send_notification', { recipients: [agent, agent], title: 'x' }, 'invalid_arguments');
      await call.fails('send_notification', { recipients: ['owner'], title: '   ' }, 'invalid_arguments');
      await call.fails('get_notification_settings', { recipient: 'someone' }, 'invalid_arguments');
    });
  });

  describe('settings and the phone', () => {
    let sessionId: number;
    before(async () => {
      sessionId = (await connectedLine(k, shop.token, {}, '+34611000111')).id;
    });

    it('defaults until changed; a type switched off is not recorded', async () => {
      const { settings } = await call.ok('get_notification_settings', { recipient: 'owner' });
      expect(settings).to.deep.include({
        recipient: 'owner',
        muted_session_ids: [],
        quiet_hours: null,
        phone: null,
        default: true,
      });
      expect(settings.types.ticket_p0).to.deep.equal({ enabled: true, chatapp: false });
      const updated = await call.ok('update_notification_settings', {
        recipient: 'owner',
        types: { ticket_p0: { enabled: false } },
      });
      expect(updated.settings.types.ticket_p0).to.deep.equal({ enabled: false, chatapp: false });
      expect(updated.settings.default).to.equal(false);
      const before = (await list('owner', { type: 'ticket_p0' })).count;
      await call.ok('create_ai_ticket', {
        action: 'create',
        title: 'Everything is down',
        priority: 'P0',
        phone: '+34600999003',
      });
      expect((await list('owner', { type: 'ticket_p0' })).count).to.equal(before);
      await call.fails('update_notification_settings', { recipient: 'owner' }, 'invalid_arguments');
      await call.fails(
        'update_notification_settings',
        { recipient: 'owner', types: { nope: {} } },
        'invalid_arguments',
      );
      await call.fails(
        'update_notification_settings',
        { recipient: 'owner', quiet_hours: { start: '22:00', end: '22:00' } },
        'invalid_arguments',
      );
      await call.fails(
        'update_notification_settings',
        { recipient: 'owner', quiet_hours: { start: '25:00', end: '07:00' } },
        'invalid_arguments',
      );
    });

    it('phone delivery needs a phone; the agent’s own phone is the default', async () => {
      await call.fails(
        'update_notification_settings',
        { recipient: 'owner', types: { announcement: { chatapp: true } } },
        'invalid_arguments',
      );
      const { settings } = await call.ok('update_notification_settings', {
        recipient: agent,
        types: { announcement: { chatapp: true } },
      });
      expect(settings).to.deep.include({ phone: '+34600200300' });
      expect(settings.types.announcement).to.deep.equal({ enabled: true, chatapp: true });
    });

    it('sends once through the send path, billed as notifications; a second tick sends nothing', async () => {
      const { notifications } = await call.ok('send_notification', {
        recipients: [agent, 'owner'],
        title: 'Inventory day',
        body: 'Shop opens at 11',
      });
      const planned = (await deliveries()).filter((d: any) => d.notification_id === notifications[0].id);
      expect(planned.map((d: any) => [d.phone, d.status, d.text])).to.deep.equal([
        ['+34600200300', 'scheduled', 'Inventory day\nShop opens at 11'],
      ]);
      expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
      const [sent] = (await deliveries()).filter((d: any) => d.id === planned[0].id);
      expect(sent).to.include({ status: 'sent', attempts: 1, reason: null });
      const [message] = await rows(
        k,
        'select phone, text, billing_source, automatic from chatapp_messages where id = ?',
        [sent.message_id],
      );
      expect(message).to.include({
        phone: '+34600200300',
        text: 'Inventory day\nShop opens at 11',
        billing_source: 'notifications',
        automatic: true,
      });
      expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
      const count = await rows(
        k,
        `select count(*)::int as n from chatapp_messages where billing_source = 'notifications' and shop_id = ?`,
        [shop.shopId],
      );
      expect(count[0].n).to.equal(1);
    });

    it('quiet hours hold the phone delivery, not the inbox; reading it first cancels the delivery', async () => {
      // A window around the shop's current time.
      const [{ timezone }] = await rows(k, 'select timezone from shops where id = ?', [shop.shopId]);
      const now = formatShopTime(new Date(), timezone).slice(11, 16);
      const [h, m] = now.split(':').map(Number) as [number, number];
      const pad = (n: number) => String(n).padStart(2, '0');
      const start = `${pad((h + 23) % 24)}:${pad(m)}`;
      const end = `${pad((h + 2) % 24)}:${pad(m)}`;
      await call.ok('update_notification_settings', { recipient: agent, quiet_hours: { start, end } });
      const { notifications } = await call.ok('send_notification', { recipients: [agent], title: 'Late news' });
      expect((await list(agent, { unread_only: true })).notifications[0].id).to.equal(notifications[0].id);
      const [held] = (await deliveries()).filter((d: any) => d.notification_id === notifications[0].id);
      expect(held.status).to.equal('scheduled');
      const wait = new Date(held.due_at).getTime() - Date.now();
      expect(wait).to.be.within(3_600_000, 7_300_000);
      expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
      expect((await deliveries()).find((d: any) => d.id === held.id).status).to.equal('scheduled');
      await call.ok('mark_notification_read', { notification_id: notifications[0].id });
      expect((await deliveries()).find((d: any) => d.id === held.id)).to.include({
        status: 'cancelled',
        reason: 'read before it was sent',
      });
      await call.ok('update_notification_settings', { recipient: agent, quiet_hours: null });
    });

    it('a line the network dropped tells the owner, unless the owner muted that line', async () => {
      const disconnect = (id: string) =>
        inThisShop(async ({ services }) => {
          const session = await services.chatappSessionsService.get(sessionId);
          return services.chatappIngestionService.handle({
            id,
            type: 'session.disconnected',
            sessionKey: session.sessionKey,
            occurredAt: new Date(),
            reason: 'logged_out',
          } as any);
        });
      await call.ok('update_notification_settings', { recipient: 'owner', muted_session_ids: [sessionId] });
      expect(await disconnect('evt_drop_1')).to.equal('applied');
      expect((await list('owner', { type: 'line_disconnected' })).count).to.equal(0);
      await call.fails(
        'update_notification_settings',
        { recipient: 'owner', muted_session_ids: [999_999] },
        'not_found',
      );

      await call.ok('update_notification_settings', { recipient: 'owner', muted_session_ids: [] });
      // The line is paired again (as the network reports it), then dropped again.
      await rows(
        k,
        `update chatapp_sessions set status = 'connected', connected_at = now() - interval '1 minute' where id = ?`,
        [sessionId],
      );
      expect(await disconnect('evt_drop_2')).to.equal('applied');
      const page = await list('owner', { type: 'line_disconnected' });
      expect(page.notifications.map((n: any) => [n.title, n.resource])).to.deep.equal([
        ['Line +34611000111 disconnected', { type: 'session', id: String(sessionId) }],
      ]);
    });

    it('a deleted agent’s notifications and settings go with it', async () => {
      const other = (
        await call.ok('create_agent', {
          action: 'create',
          nickname: 'leo',
          full_name: 'Leo Gil',
          email: 'leo@example.com',
        })
      ).agent.id;
      await call.ok('send_notification', { recipients: [other], title: 'Welcome' });
      await call.ok('update_notification_settings', {
        recipient: other,
        quiet_hours: { start: '22:00', end: '07:00' },
      });
      await call.ok('delete_agent', { action: 'delete', agent_id: other });
      expect(
        await rows(
          k,
          'select (select count(*)::int from notifications where shop_id = ? and agent_id = ?) as n, (select count(*)::int from notification_settings where shop_id = ? and agent_id = ?) as s',
          [shop.shopId, other, shop.shopId, other],
        ),
      ).to.deep.equal([{ n: 0, s: 0 }]);
    });
  });
});
