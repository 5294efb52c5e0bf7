import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { customerWrites } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { recorded } from '../../../test/fixtures/service-probe/index.js';
import { caller } from './helpers.js';
import { bootCampaigns, freshPhones, listWith, marketingLine, untilStatus, type Caller } from './campaign-helpers.js';

describe('mass_marketing: the events other groups follow', () => {
  let k: TestKernel;
  let c: Caller;
  let token: string;
  let shopId: number;
  let line: any;
  before(async () => {
    k = await bootCampaigns({ probe: true });
    ({ shopId, token } = await k.shops.create({ name: 'Events shop', credits: 1_000_000, locale: 'es-ES' }));
    c = caller(k, token);
    line = await marketingLine(k, token);
  });
  after(() => k.close());

  const of = (name: string) => recorded.filter((e) => e.shopId === shopId && e.name === name).map((e) => e.payload);
  /** The campaign's status changes as [previous, status, reason]. */
  const moves = (campaignId: number) =>
    of('mass_marketing.campaign_status_changed')
      .filter((p) => p.campaign_id === campaignId)
      .map((p) => [p.previous_status, p.status, p.reason]);
  const create = async (phones: string[], extra: Record<string, unknown> = {}) =>
    (
      await c.ok('create_campaign', {
        action: 'create',
        name: 'Events',
        message_text: 'Hola {nombre}',
        list_id: await listWith(c, phones),
        ...extra,
      })
    ).campaign;

  it('a campaign that runs to the end: running, completed, then archived and back, each once and named', async () => {
    const campaign = await create(freshPhones(2));
    await c.ok('start_campaign', { campaign_id: campaign.id });
    await untilStatus(c, campaign.id, 'completed');
    await c.ok('archive_campaign', { action: 'archive', campaign_id: campaign.id });
    await c.ok('unarchive_campaign', { campaign_id: campaign.id });
    expect(moves(campaign.id)).to.deep.equal([
      ['draft', 'running', null],
      ['running', 'completed', null],
      ['completed', 'archived', null],
      ['archived', 'completed', null],
    ]);
    const first = of('mass_marketing.campaign_status_changed').find((p) => p.campaign_id === campaign.id);
    expect(first.name).to.equal('Events');
    expect(Date.parse(first.changed_at)).to.be.closeTo(Date.now(), 60_000);
  });

  it('pause (with its reason), resume and cancel', async () => {
    const campaign = await create(freshPhones(3), { send_interval_seconds: 3600 });
    await c.ok('start_campaign', { campaign_id: campaign.id });
    await c.ok('pause_campaign', { campaign_id: campaign.id });
    await c.ok('resume_campaign', { campaign_id: campaign.id });
    await c.call('cancel_campaign', { action: 'cancel', campaign_id: campaign.id });
    await c.ok('cancel_campaign', { action: 'cancel', campaign_id: campaign.id, confirm: true });
    expect(moves(campaign.id)).to.deep.equal([
      ['draft', 'running', null],
      ['running', 'paused', 'manual'],
      ['paused', 'running', null],
      ['running', 'cancelled', null],
    ]);
  });

  it('a schedule and its cancelling; approval held and given; a refused transition emits nothing', async () => {
    const scheduled = await create(freshPhones(1), { scheduled_at: '2031-01-01 10:00:00' });
    await c.ok('cancel_campaign_schedule', { action: 'cancel_schedule', campaign_id: scheduled.id });
    await c.call('resume_campaign', { campaign_id: scheduled.id });
    expect(moves(scheduled.id)).to.deep.equal([
      ['draft', 'scheduled', null],
      ['scheduled', 'draft', null],
    ]);

    await c.ok('save_mass_marketing_config', { require_approval: true });
    const held = await create(freshPhones(1));
    await c.ok('start_campaign', { campaign_id: held.id });
    await c.ok('approve_campaign', { action: 'approve', campaign_id: held.id });
    await c.ok('save_mass_marketing_config', { require_approval: false });
    expect(moves(held.id)).to.deep.equal([
      ['draft', 'pending_approval', 'the shop requires approval for every campaign'],
      ['pending_approval', 'running', null],
    ]);
  });

  it('each reply emits campaign_replied (first_reply only the first time); an unsubscribe emits unsubscribed once', async () => {
    await c.ok('save_mass_marketing_config', { auto_reply_enabled: false, auto_reply_unsubscribe: true });
    const [talker, leaver] = freshPhones(2) as [string, string];
    const campaign = await create([talker, leaver]);
    await c.ok('start_campaign', { campaign_id: campaign.id });
    await untilStatus(c, campaign.id, 'completed');
    const writes = async (phone: string, text: string) =>
      expect((await customerWrites(k, token, line.session_key, phone, text)).status).to.equal(201);
    await writes(talker, '¿Cuánto cuesta?');
    await waitFor('the first reply', async () => of('mass_marketing.campaign_replied').length === 1);
    await writes(talker, '¿Y el envío?');
    await writes(leaver, 'STOP');
    await writes(leaver, 'STOP');
    await waitFor('the second reply', async () => of('mass_marketing.campaign_replied').length === 2);
    await waitFor('the unsubscribe', async () => of('mass_marketing.unsubscribed').length === 1);

    const replies = of('mass_marketing.campaign_replied');
    expect(replies.map((r) => [r.campaign_id, r.phone, r.first_reply])).to.deep.equal([
      [campaign.id, talker, true],
      [campaign.id, talker, false],
    ]);
    expect(replies[0].message_id).to.be.a('number').and.not.equal(replies[1].message_id);
    expect(replies[0].recipient_id).to.equal(replies[1].recipient_id);
    expect(of('mass_marketing.unsubscribed')).to.deep.equal([
      { phone: leaver, source: 'reply', campaign_id: campaign.id },
    ]);
  });
});
