import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { caller } from './helpers.js';
import {
  bootCampaigns,
  campaignStatus,
  expectInvalidState,
  freshPhones,
  listWith,
  untilStatus,
  type Caller,
} from './campaign-helpers.js';

/** A wall time on the shop's clock, `minutes` from now, as 'YYYY-MM-DD HH:MM:SS'. */
const shopClock = (timeZone: string, minutesAhead: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + minutesAhead * 60_000));

describe('mass_marketing: campaigns (tools and state machine)', () => {
  let k: TestKernel;
  let c: Caller;
  let token: string;
  let small: number;
  before(async () => {
    k = await bootCampaigns();
    ({ token } = await k.shops.create({ name: 'Campaign shop', timezone: 'America/New_York', credits: 1_000_000 }));
    c = caller(k, token);
    small = await listWith(c, freshPhones(1));
  });
  after(() => k.close());

  const create = async (extra: Record<string, unknown> = {}) =>
    (
      await c.ok('create_campaign', {
        action: 'create',
        name: 'Spring sale',
        message_text: 'Hola {nombre}, ofertas en {tienda}',
        list_id: small,
        ...extra,
      })
    ).campaign;
  const cancel = async (cc: Caller, id: number) => {
    const first = await cc.call('cancel_campaign', { action: 'cancel', campaign_id: id });
    if (first.success === false && first.error_code) return first;
    expect(first).to.include({ success: false, requires_confirmation: true });
    return cc.call('cancel_campaign', { action: 'cancel', campaign_id: id, confirm: true });
  };

  describe('create_campaign', () => {
    it('creates a draft with the spec defaults', async () => {
      const campaign = await create();
      expect(campaign).to.include({
        status: 'draft',
        name: 'Spring sale',
        list_id: small,
        send_interval_seconds: 30,
        translate_by_prefix: false,
        include_unsubscribe_link: true,
        archive_after_send: false,
        session_ids: null,
        uses_default_sessions: true,
        scheduled_at: null,
        is_recurring: false,
        recurring_cron: null,
        media_url: null,
        timezone: 'America/New_York',
      });
      expect(campaign.segment_filters).to.deep.equal({});
      expect(campaign.approval).to.deep.equal({ required: false, reason: null, approved_at: null });
    });

    it('takes every optional field', async () => {
      const { session } = await c.ok('connect_chatapp', { force_new: true });
      const campaign = await create({
        send_interval_seconds: 10,
        translate_by_prefix: true,
        include_unsubscribe_link: false,
        archive_after_send: true,
        session_ids: [session.id, session.id],
        segment_filters: JSON.stringify({
          tags: ['VIP'],
          exclude_tags: ['churned'],
          last_contact_days: 30,
          has_chatapp_history: true,
        }),
        media_url: 'https://cdn.example.com/files/catalogue.pdf',
        media_type: 'document',
        media_filename: 'catalogue.pdf',
        is_recurring: true,
        recurring_cron: '0 9 * * 1',
      });
      expect(campaign).to.include({
        send_interval_seconds: 10,
        translate_by_prefix: true,
        include_unsubscribe_link: false,
        archive_after_send: true,
        media_type: 'document',
        is_recurring: true,
        recurring_cron: '0 9 * * 1',
      });
      expect(campaign.session_ids).to.deep.equal([session.id]);
      expect(campaign.segment_filters).to.deep.equal({
        tags: ['vip'],
        exclude_tags: ['churned'],
        last_contact_days: 30,
        has_chatapp_history: true,
      });
    });

    it('refuses a send interval under 10 seconds and missing required fields', async () => {
      await c.fails(
        'create_campaign',
        { action: 'create', name: 'x', message_text: 'y', list_id: small, send_interval_seconds: 9 },
        'invalid_arguments',
        'send_interval_seconds',
      );
      const p = await c.fails('create_campaign', { action: 'create', list_id: small }, 'invalid_arguments');
      expect(p.errors.map((e: any) => e.path)).to.include.members(['name', 'message_text']);
      await c.fails('create_campaign', { name: 'x', message_text: 'y', list_id: small }, 'invalid_arguments', 'action');
      await c.fails(
        'create_campaign',
        { action: 'create', name: '  ', message_text: 'y', list_id: small },
        'invalid_arguments',
        'name',
      );
    });

    it('refuses an unknown list or session with not_found', async () => {
      await c.fails(
        'create_campaign',
        { action: 'create', name: 'x', message_text: 'y', list_id: 999_999 },
        'not_found',
      );
      await c.fails(
        'create_campaign',
        { action: 'create', name: 'x', message_text: 'y', list_id: small, session_ids: [999_999] },
        'not_found',
      );
    });

    it('reads scheduled_at on the shop clock in both forms, or with its offset, and shows local time and UTC', async () => {
      const spaced = await create({ scheduled_at: '2030-07-01 09:30:00' });
      expect(spaced).to.include({
        status: 'scheduled',
        scheduled_at: '2030-07-01T13:30:00.000Z',
        scheduled_at_local: '2030-07-01 09:30:00',
        timezone: 'America/New_York',
      });
      const winter = await create({ scheduled_at: '2030-01-15T09:30:00' });
      expect(winter).to.include({
        scheduled_at: '2030-01-15T14:30:00.000Z',
        scheduled_at_local: '2030-01-15 09:30:00',
      });
      const offset = await create({ scheduled_at: '2030-07-01T09:30:00+02:00' });
      expect(offset).to.include({
        scheduled_at: '2030-07-01T07:30:00.000Z',
        scheduled_at_local: '2030-07-01 03:30:00',
      });
      const zulu = await create({ scheduled_at: '2030-07-01T09:30:00Z' });
      expect(zulu.scheduled_at_local).to.equal('2030-07-01 05:30:00');
    });

    it('refuses a past, malformed or impossible scheduled_at', async () => {
      const past = await c.fails(
        'create_campaign',
        {
          action: 'create',
          name: 'x',
          message_text: 'y',
          list_id: small,
          scheduled_at: shopClock('America/New_York', -5),
        },
        'invalid_arguments',
        'scheduled_at',
      );
      expect(past.message).to.contain('future');
      await c.fails(
        'create_campaign',
        { action: 'create', name: 'x', message_text: 'y', list_id: small, scheduled_at: 'tomorrow at nine' },
        'invalid_arguments',
        'scheduled_at',
      );
      await c.fails(
        'create_campaign',
        { action: 'create', name: 'x', message_text: 'y', list_id: small, scheduled_at: '2030-02-30 09:00:00' },
        'invalid_arguments',
        'scheduled_at',
      );
    });

    it('applies the media rules', async () => {
      const base = { action: 'create', name: 'm', message_text: 'y', list_id: small };
      await c.fails(
        'create_campaign',
        { ...base, media_url: 'https://cdn.example.com/a.jpg' },
        'invalid_arguments',
        'media_type',
      );
      await c.fails(
        'create_campaign',
        { ...base, media_url: 'https://cdn.example.com/a.pdf', media_type: 'document' },
        'invalid_arguments',
        'media_filename',
      );
      await c.fails('create_campaign', { ...base, media_type: 'image' }, 'invalid_arguments', 'media_url');
      for (const url of [
        'ftp://cdn.example.com/a.jpg',
        'http://127.0.0.1/a.jpg',
        'http://192.168.1.10/a.jpg',
        'http://localhost:3000/a.jpg',
        'https://user:pw@cdn.example.com/a.jpg',
        'http://[::1]/a.jpg',
        'not a url',
      ]) {
        const p = await c.fails(
          'create_campaign',
          { ...base, media_url: url, media_type: 'image' },
          'invalid_arguments',
          'media_url',
        );
        expect(p.message).to.contain('public');
      }
      const ok = await create({ media_url: 'https://cdn.example.com/promo.mp4', media_type: 'video' });
      expect(ok).to.include({
        media_url: 'https://cdn.example.com/promo.mp4',
        media_type: 'video',
        media_filename: null,
      });
    });

    it('validates recurring_cron with node-cron and says what is wrong', async () => {
      const base = { action: 'create', name: 'r', message_text: 'y', list_id: small };
      await c.fails('create_campaign', { ...base, is_recurring: true }, 'invalid_arguments', 'recurring_cron');
      const bad = await c.fails(
        'create_campaign',
        { ...base, is_recurring: true, recurring_cron: '61 * * * *' },
        'invalid_arguments',
        'recurring_cron',
      );
      expect(bad.message).to.contain('minute').and.contain('61');
      const short = await c.fails(
        'create_campaign',
        { ...base, is_recurring: true, recurring_cron: '* *' },
        'invalid_arguments',
        'recurring_cron',
      );
      expect(short.message).to.contain('5 or 6 fields');
      await c.fails('create_campaign', { ...base, recurring_cron: '0 9 * * *' }, 'invalid_arguments', 'is_recurring');
    });

    it('refuses an invalid segment naming the key', async () => {
      await c.fails(
        'create_campaign',
        { action: 'create', name: 's', message_text: 'y', list_id: small, segment_filters: { colour: 'red' } },
        'invalid_arguments',
        'segment_filters.colour',
      );
      await c.fails(
        'create_campaign',
        { action: 'create', name: 's', message_text: 'y', list_id: small, segment_filters: '{"tags": [1]}' },
        'invalid_arguments',
        'segment_filters.tags.0',
      );
    });
  });

  describe('get_campaign, list_campaigns, update_campaign, duplicate_campaign, delete_campaign', () => {
    it('get_campaign shows the campaign, stats, runs and the next runs of a recurring one on the shop clock', async () => {
      const campaign = await create({ is_recurring: true, recurring_cron: '30 8 * * *' });
      const shown = await c.ok('get_campaign', { campaign_id: campaign.id });
      expect(shown.campaign.id).to.equal(campaign.id);
      expect(shown.stats).to.include({ recipients_total: 0, sent_total: 0, delivery_rate: null, credits_spent: 0 });
      expect(shown.runs).to.deep.equal([]);
      expect(shown.upcoming_runs).to.have.length(3);
      for (const at of shown.upcoming_runs) {
        expect(
          new Intl.DateTimeFormat('en-GB', {
            timeZone: 'America/New_York',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          }).format(new Date(at)),
        ).to.equal('08:30');
      }
      await c.fails('get_campaign', { campaign_id: 999_999 }, 'not_found');
    });

    it('list_campaigns pages newest first and filters by status and name', async () => {
      const a = await create({ name: 'Listing alpha' });
      const b = await create({ name: 'Listing beta', scheduled_at: '2031-01-01 10:00:00' });
      const named = await c.ok('list_campaigns', { query: 'listing' });
      expect(named.campaigns.map((x: any) => x.id)).to.deep.equal([b.id, a.id]);
      expect(named).to.include({ count: 2, has_more: false });
      const scheduled = await c.ok('list_campaigns', { status: 'scheduled', query: 'Listing' });
      expect(scheduled.campaigns.map((x: any) => x.id)).to.deep.equal([b.id]);
      const page = await c.ok('list_campaigns', { limit: 1, offset: 1, query: 'Listing' });
      expect(page.campaigns.map((x: any) => x.id)).to.deep.equal([a.id]);
      await c.fails('list_campaigns', { status: 'sleeping' }, 'invalid_arguments', 'status');
    });

    it('update_campaign changes only the fields given, checks them with what stays, and a schedule makes it scheduled', async () => {
      const campaign = await create({ media_url: 'https://cdn.example.com/a.jpg', media_type: 'image' });
      const renamed = await c.ok('update_campaign', {
        campaign_id: campaign.id,
        name: 'Renamed',
        send_interval_seconds: 45,
      });
      expect(renamed.campaign).to.include({
        name: 'Renamed',
        send_interval_seconds: 45,
        message_text: campaign.message_text,
        media_type: 'image',
        status: 'draft',
      });
      await c.fails(
        'update_campaign',
        { campaign_id: campaign.id, media_type: 'document' },
        'invalid_arguments',
        'media_filename',
      );
      await c.fails('update_campaign', { campaign_id: campaign.id }, 'invalid_arguments');
      await c.fails(
        'update_campaign',
        { campaign_id: campaign.id, send_interval_seconds: 5 },
        'invalid_arguments',
        'send_interval_seconds',
      );
      const cleared = await c.ok('update_campaign', { campaign_id: campaign.id, media_url: null, media_type: null });
      expect(cleared.campaign).to.include({ media_url: null, media_type: null });
      const scheduled = await c.ok('update_campaign', {
        campaign_id: campaign.id,
        scheduled_at: '2031-03-01 12:00:00',
      });
      expect(scheduled.campaign).to.include({ status: 'scheduled', scheduled_at_local: '2031-03-01 12:00:00' });
      await c.fails('update_campaign', { campaign_id: 999_999, name: 'x' }, 'not_found');
    });

    it('duplicate_campaign makes a new draft with the same settings, without schedule', async () => {
      const source = await create({
        scheduled_at: '2031-05-05 10:00:00',
        send_interval_seconds: 12,
        segment_filters: { tags: ['a'] },
      });
      const copy = await c.ok('duplicate_campaign', { campaign_id: source.id });
      expect(copy.campaign).to.include({
        status: 'draft',
        name: 'Spring sale (copy)',
        send_interval_seconds: 12,
        scheduled_at: null,
        duplicated_from: source.id,
      });
      expect(copy.campaign.segment_filters).to.deep.equal({ tags: ['a'] });
      const named = await c.ok('duplicate_campaign', { campaign_id: source.id, name: 'Autumn sale' });
      expect(named.campaign.name).to.equal('Autumn sale');
      expect((await campaignStatus(c, source.id)).status).to.equal('scheduled');
    });

    it('delete_campaign deletes a campaign that is not running', async () => {
      const campaign = await create();
      expect(await c.ok('delete_campaign', { campaign_id: campaign.id })).to.include({
        deleted: true,
        id: campaign.id,
        recipients_removed: 0,
      });
      await c.fails('get_campaign', { campaign_id: campaign.id }, 'not_found');
      await c.fails('delete_campaign', { campaign_id: campaign.id }, 'not_found');
    });

    it('delete_contact_list refuses a list a scheduled or running campaign needs, and allows it afterwards', async () => {
      const listId = await listWith(c, freshPhones(1));
      const campaign = await create({ list_id: listId, scheduled_at: '2031-06-01 10:00:00' });
      const refused = await c.fails('delete_contact_list', { list_id: listId }, 'list_in_use');
      expect(refused).to.include({ list_id: listId });
      expect(refused.campaign_ids).to.deep.equal([campaign.id]);
      await cancel(c, campaign.id);
      expect(await c.ok('delete_contact_list', { list_id: listId })).to.include({ deleted: true });
    });
  });

  describe('approval', () => {
    let shop: Caller;
    before(async () => {
      shop = caller(
        k,
        (await k.shops.create({ name: 'Approval shop', timezone: 'Europe/Madrid', credits: 1_000_000 })).token,
      );
    });

    it('require_approval holds every campaign at start until approve_campaign', async () => {
      await shop.ok('save_mass_marketing_config', { require_approval: true });
      const listId = await listWith(shop, freshPhones(1));
      const { campaign } = await shop.ok('create_campaign', {
        action: 'create',
        name: 'Needs approval',
        message_text: 'x',
        list_id: listId,
      });
      const started = await shop.ok('start_campaign', { campaign_id: campaign.id });
      expect(started).to.include({ started: false, awaiting_approval: true });
      expect(started.campaign).to.include({ status: 'pending_approval' });
      expect(started.campaign.approval).to.include({
        required: true,
        reason: 'the shop requires approval for every campaign',
        approved_at: null,
      });
      const approved = await shop.ok('approve_campaign', { action: 'approve', campaign_id: campaign.id });
      expect(approved.started).to.equal(true);
      expect(approved.campaign.status).to.equal('running');
      expect(approved.campaign.approval.approved_at).to.be.a('string');
      await shop.ok('save_mass_marketing_config', { require_approval: false });
    });

    it('a scheduled campaign waits for approval first, then is scheduled for its time', async () => {
      await shop.ok('save_mass_marketing_config', { require_approval: true });
      const listId = await listWith(shop, freshPhones(1));
      const { campaign } = await shop.ok('create_campaign', {
        action: 'create',
        name: 'Later',
        message_text: 'x',
        list_id: listId,
        scheduled_at: '2031-02-01 10:00:00',
      });
      expect(campaign.status).to.equal('pending_approval');
      const approved = await shop.ok('approve_campaign', { action: 'approve', campaign_id: campaign.id });
      expect(approved).to.include({ started: false });
      expect(approved.campaign).to.include({
        status: 'scheduled',
        scheduled_at_local: '2031-02-01 10:00:00',
        timezone: 'Europe/Madrid',
      });
      await shop.ok('save_mass_marketing_config', { require_approval: false });
    });

    it('approval_threshold holds only campaigns whose audience reaches it', async () => {
      await shop.ok('save_mass_marketing_config', { approval_threshold: 3 });
      const big = await listWith(shop, freshPhones(3));
      const little = await listWith(shop, freshPhones(2));
      const a = (await shop.ok('create_campaign', { action: 'create', name: 'Big', message_text: 'x', list_id: big }))
        .campaign;
      const b = (
        await shop.ok('create_campaign', { action: 'create', name: 'Little', message_text: 'x', list_id: little })
      ).campaign;
      const heldBig = await shop.ok('start_campaign', { campaign_id: a.id });
      expect(heldBig.campaign.status).to.equal('pending_approval');
      expect(heldBig.campaign.approval.reason).to.equal('the audience of 3 reaches the approval threshold of 3');
      expect((await shop.ok('start_campaign', { campaign_id: b.id })).campaign.status).to.equal('running');
      await shop.ok('save_mass_marketing_config', { approval_threshold: null });
    });
  });

  describe('every transition of the state table, allowed and refused', () => {
    let shop: Caller;
    let one: number;
    let three: number;
    let empty: number;
    before(async () => {
      // No line is connected in this shop: a running campaign stays running (waiting) until cancelled.
      shop = caller(k, (await k.shops.create({ name: 'States shop', credits: 1_000_000 })).token);
      await shop.ok('save_mass_marketing_config', { approval_threshold: 3 });
      one = await listWith(shop, freshPhones(1));
      three = await listWith(shop, freshPhones(3));
      empty = (await shop.ok('create_contact_list', { action: 'create', name: 'Empty list' })).list.id;
    });

    const make = async (listId: number, extra: Record<string, unknown> = {}) =>
      (
        await shop.ok('create_campaign', {
          action: 'create',
          name: 'State',
          message_text: 'x',
          list_id: listId,
          ...extra,
        })
      ).campaign.id as number;

    /** A fresh campaign in the given status. */
    const inState: Record<string, () => Promise<number>> = {
      draft: () => make(one),
      scheduled: () => make(one, { scheduled_at: '2032-01-01 10:00:00' }),
      pending_approval: async () => {
        const id = await make(three);
        await shop.ok('start_campaign', { campaign_id: id });
        return id;
      },
      running: async () => {
        const id = await make(one);
        await shop.ok('start_campaign', { campaign_id: id });
        return id;
      },
      paused: async () => {
        const id = await inState.running!();
        await shop.ok('pause_campaign', { campaign_id: id });
        return id;
      },
      completed: async () => {
        const id = await make(empty);
        await shop.ok('start_campaign', { campaign_id: id });
        await untilStatus(shop, id, 'completed');
        return id;
      },
      cancelled: async () => {
        const id = await make(one);
        await cancel(shop, id);
        return id;
      },
      archived: async () => {
        const id = await inState.completed!();
        await shop.ok('archive_campaign', { action: 'archive', campaign_id: id });
        return id;
      },
    };

    /** Each action: its call, the statuses it is allowed from, and the status it leads to. */
    const actions: { name: string; call: (id: number) => Promise<any>; from: string[]; to: string | null }[] = [
      { name: 'start', call: (id) => shop.call('start_campaign', { campaign_id: id }), from: ['draft'], to: 'running' },
      {
        name: 'approve',
        call: (id) => shop.call('approve_campaign', { action: 'approve', campaign_id: id }),
        from: ['pending_approval'],
        to: 'running',
      },
      {
        name: 'pause',
        call: (id) => shop.call('pause_campaign', { campaign_id: id }),
        from: ['running'],
        to: 'paused',
      },
      {
        name: 'resume',
        call: (id) => shop.call('resume_campaign', { campaign_id: id }),
        from: ['paused'],
        to: 'running',
      },
      {
        name: 'cancel',
        call: (id) => cancel(shop, id),
        from: ['draft', 'scheduled', 'pending_approval', 'running', 'paused'],
        to: 'cancelled',
      },
      {
        name: 'cancel_schedule',
        call: (id) => shop.call('cancel_campaign_schedule', { action: 'cancel_schedule', campaign_id: id }),
        from: ['scheduled'],
        to: 'draft',
      },
      {
        name: 'archive',
        call: (id) => shop.call('archive_campaign', { action: 'archive', campaign_id: id }),
        from: ['completed'],
        to: 'archived',
      },
      {
        name: 'unarchive',
        call: (id) => shop.call('unarchive_campaign', { campaign_id: id }),
        from: ['archived'],
        to: 'completed',
      },
      {
        name: 'update',
        call: (id) => shop.call('update_campaign', { campaign_id: id, name: 'Edited' }),
        from: ['draft'],
        to: 'draft',
      },
      {
        name: 'delete',
        call: (id) => shop.call('delete_campaign', { campaign_id: id }),
        from: ['draft', 'scheduled', 'pending_approval', 'paused', 'completed', 'cancelled', 'archived'],
        to: null,
      },
    ];

    for (const action of actions) {
      it(`${action.name}: allowed from ${action.from.join(', ')}; invalid_state naming the status from every other`, async () => {
        for (const status of Object.keys(inState)) {
          const id = await inState[status]!();
          const payload = await action.call(id);
          if (action.from.includes(status)) {
            expect(payload.success, `${action.name} from ${status}: ${JSON.stringify(payload)}`).to.equal(true);
            if (action.to)
              expect((await campaignStatus(shop, id)).status, `${action.name} from ${status}`).to.equal(action.to);
            else await shop.fails('get_campaign', { campaign_id: id }, 'not_found');
          } else {
            expect(payload, `${action.name} from ${status}`).to.include({
              success: false,
              error_code: 'invalid_state',
            });
            expectInvalidState(payload, status, action.from);
            expect((await campaignStatus(shop, id)).status, `${action.name} from ${status} changed nothing`).to.equal(
              status,
            );
          }
          // Leave no running campaign behind for the next check's shop-wide engine.
          if (
            ['running', 'paused', 'pending_approval'].includes(
              (await campaignStatus(shop, id).catch(() => ({ status: 'gone' }))).status,
            )
          )
            await cancel(shop, id);
        }
      });
    }

    it('cancel_campaign asks the agent to confirm and then cancels for good', async () => {
      const id = await inState.running!();
      const first = await shop.call('cancel_campaign', { action: 'cancel', campaign_id: id });
      expect(first).to.include({ success: false, requires_confirmation: true });
      expect(first.message).to.contain(`campaign ${id}`);
      expect((await campaignStatus(shop, id)).status).to.equal('running');
      const done = await shop.ok('cancel_campaign', { action: 'cancel', campaign_id: id, confirm: true });
      expect(done.campaign).to.include({ status: 'cancelled' });
      expect(done.recipients_skipped).to.equal(1);
      expect(done.campaign.cancelled_at).to.be.a('string');
      const again = await shop.call('start_campaign', { campaign_id: id });
      expectInvalidState(again, 'cancelled', ['draft']);
    });

    it('cancel_campaign_schedule keeps the campaign as a draft without its time', async () => {
      const id = await inState.scheduled!();
      const { campaign } = await shop.ok('cancel_campaign_schedule', { action: 'cancel_schedule', campaign_id: id });
      expect(campaign).to.include({ status: 'draft', scheduled_at: null, scheduled_at_local: null });
    });

    it('a running campaign with no usable line waits visibly', async () => {
      const id = await inState.running!();
      const campaign = await untilStatus(shop, id, 'running');
      const waiting = await (async () => {
        for (let i = 0; i < 200; i++) {
          const now = await campaignStatus(shop, id);
          if (now.waiting) return now.waiting;
          await new Promise((r) => setTimeout(r, 25));
        }
        return null;
      })();
      expect(campaign.status).to.equal('running');
      expect(waiting).to.include({ reason: 'session_not_connected' });
      expect(waiting.message).to.contain('connect');
      await cancel(shop, id);
    });
  });
});
