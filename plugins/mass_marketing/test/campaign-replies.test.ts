import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { customerWrites, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { caller } from './helpers.js';
import {
  bootCampaigns,
  freshPhones,
  listWith,
  marketingLine,
  sandboxOutbound,
  untilStatus,
  type Caller,
} from './campaign-helpers.js';

describe('mass_marketing: replies, auto-reply and unsubscribing', () => {
  let k: TestKernel;
  let c: Caller;
  let token: string;
  let shopId: number;
  let line: any;
  before(async () => {
    k = await bootCampaigns();
    ({ shopId, token } = await k.shops.create({ name: 'Replies shop', credits: 1_000_000, locale: 'es-ES' }));
    c = caller(k, token);
    line = await marketingLine(k, token);
  });
  after(() => k.close());

  /** A completed campaign to fresh phones; returns the phones and the campaign. */
  const sentTo = async (n: number, extra: Record<string, unknown> = {}) => {
    const phones = freshPhones(n);
    const { campaign } = await c.ok('create_campaign', {
      action: 'create',
      name: 'Replies',
      message_text: 'Oferta para {nombre}',
      list_id: await listWith(c, phones),
      ...extra,
    });
    await c.ok('start_campaign', { campaign_id: campaign.id });
    await untilStatus(c, campaign.id, 'completed');
    return { phones, campaign };
  };
  const logOf = async (campaignId: number, phone: string) =>
    (await c.ok('get_campaign_logs', { campaign_id: campaignId, phone })).logs[0];
  const received = async (phone: string) =>
    (await sandboxOutbound(k, shopId)).filter((m) => m.peer_phone === phone).map((m) => m.text);
  const writes = async (phone: string, text: string) => {
    const res = await customerWrites(k, token, line.session_key, phone, text);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
  };

  it('marks a reply and answers it with the auto-reply once per recipient', async () => {
    await c.ok('save_mass_marketing_config', {
      auto_reply_enabled: true,
      auto_reply_text: 'Gracias {nombre}, te respondemos pronto.',
      auto_reply_unsubscribe: true,
    });
    const { phones, campaign } = await sentTo(2);
    const [phone, silent] = phones as [string, string];
    await writes(phone, '¿Cuánto cuesta?');
    const replied = await waitFor('the reply to be recorded', async () => {
      const log = await logOf(campaign.id, phone);
      return log.auto_replied_at ? log : false;
    });
    expect(replied).to.include({ status: 'replied', credits_charged: 1500 });
    expect(replied.replied_at).to.be.a('string');
    await writes(phone, 'Y el envío?');
    await waitFor(
      'the second message to be stored',
      async () =>
        (
          await rows(k, `select 1 from chatapp_messages where shop_id = ? and phone = ? and direction = 'inbound'`, [
            shopId,
            phone,
          ])
        ).length === 2,
    );
    const texts = await received(phone);
    expect(texts.filter((t) => t === 'Gracias Contact 0, te respondemos pronto.')).to.have.length(1);
    expect(texts).to.have.length(2);
    expect((await logOf(campaign.id, silent)).status).to.not.equal('replied');
    const { stats } = await c.ok('get_campaign', { campaign_id: campaign.id });
    expect(stats).to.include({ replied_total: 1, reply_rate: 0.5, credits_spent: 2500 });
  });

  it('a reply with an unsubscribe word (any supported language) records the unsubscribe and confirms it', async () => {
    const { phones, campaign } = await sentTo(3);
    const [stop, baja, bitte] = phones as [string, string, string];
    await writes(stop, 'STOP');
    await writes(baja, 'Baja por favor!');
    await writes(bitte, 'Bitte abmelden');
    await waitFor(
      'three unsubscribes',
      async () =>
        (await c.ok('get_unsubscribed_list', {})).unsubscribed.filter((u: any) => phones.includes(u.phone)).length ===
        3,
    );
    const entries = (await c.ok('get_unsubscribed_list', {})).unsubscribed.filter((u: any) => phones.includes(u.phone));
    expect(entries.every((u: any) => u.source === 'reply' && u.campaign_id === campaign.id)).to.equal(true);
    for (const phone of phones) {
      const log = await logOf(campaign.id, phone);
      expect(log.status).to.equal('unsubscribed');
      expect(log.unsubscribed_at).to.be.a('string');
      expect(log.auto_replied_at, 'no auto-reply to an unsubscribe').to.equal(null);
      const texts = await received(phone);
      expect(texts).to.have.length(2);
      expect(texts[1]).to.equal('Te hemos dado de baja: no recibirás más campañas de Replies shop.');
    }
    // The next campaign to the same people leaves them out.
    const { campaign: next } = await c.ok('create_campaign', {
      action: 'create',
      name: 'Next',
      message_text: 'x',
      list_id: await listWith(c, phones),
    });
    const { run } = await c.ok('start_campaign', { campaign_id: next.id });
    expect(run).to.include({ recipients_total: 0, excluded_count: 3 });
    const { stats } = await c.ok('get_mass_marketing_stats', { campaign_id: campaign.id });
    expect(stats).to.include({ unsubscribed_total: 3, unsubscribe_rate: 1 });
  });

  it('with auto_reply_unsubscribe off, STOP is an ordinary reply', async () => {
    await c.ok('save_mass_marketing_config', { auto_reply_unsubscribe: false, auto_reply_enabled: false });
    const { phones, campaign } = await sentTo(1);
    await writes(phones[0]!, 'stop');
    const log = await waitFor('the reply', async () => {
      const l = await logOf(campaign.id, phones[0]!);
      return l.status === 'replied' && l;
    });
    expect(log.unsubscribed_at).to.equal(null);
    expect((await c.ok('get_unsubscribed_list', { query: phones[0]!.slice(1) })).count).to.equal(0);
    await c.ok('save_mass_marketing_config', { auto_reply_unsubscribe: true });
  });

  it('the unsubscribe link opens a page that asks, and its button records the unsubscribe (source link)', async () => {
    const { phones, campaign } = await sentTo(1);
    const phone = phones[0]!;
    const link = new URL((await received(phone))[0]!.split(': ').pop()!);
    const page = await k.app.inject({ method: 'GET', url: link.pathname });
    expect(page.statusCode).to.equal(200);
    expect(page.headers['content-type']).to.contain('text/html');
    expect(page.body).to.contain('<form method="post">');
    expect(
      (await c.ok('get_unsubscribed_list', { query: phone.slice(1) })).count,
      'opening the page alone unsubscribes nobody',
    ).to.equal(0);
    const done = await k.app.inject({ method: 'POST', url: link.pathname });
    expect(done.statusCode).to.equal(200);
    expect(done.body).to.contain('unsubscribed');
    const entry = (await c.ok('get_unsubscribed_list', { query: phone.slice(1) })).unsubscribed[0];
    expect(entry).to.include({ phone, source: 'link', campaign_id: campaign.id });
    expect((await logOf(campaign.id, phone)).status).to.equal('unsubscribed');
    const tampered = link.pathname.replace(/\.(\d+)\./, (_m, id) => `.${Number(id) + 1}.`);
    expect((await k.app.inject({ method: 'GET', url: tampered })).statusCode).to.equal(404);
    expect((await k.app.inject({ method: 'POST', url: tampered })).statusCode).to.equal(404);
    expect((await k.app.inject({ method: 'POST', url: '/mass-marketing/unsubscribe/garbage' })).statusCode).to.equal(
      404,
    );
  });

  it('a receipt reporting a failed delivery marks the recipient failed', async () => {
    const { phones, campaign } = await sentTo(1);
    const log = await logOf(campaign.id, phones[0]!);
    const [message] = await rows(k, 'select provider_message_id from chatapp_messages where id = ?', [log.message_id]);
    // Receipts only move forward: a message already read cannot fail; this one may be delivered or read by now.
    const res = await k.app.inject({
      method: 'POST',
      url: `/sandbox/sessions/${line.session_key}/receipts`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        provider_message_id: message.provider_message_id,
        status: 'failed',
        error: 'number unreachable',
      }),
    });
    if (res.statusCode === 200) {
      const failed = await waitFor('the failure', async () => {
        const l = await logOf(campaign.id, phones[0]!);
        return l.status === 'failed' && l;
      });
      expect(failed.reason).to.contain('not delivered');
    } else {
      expect(res.json().code).to.equal('invalid_receipt');
    }
  });
});
