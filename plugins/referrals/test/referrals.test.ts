import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, connectedLine, fails, ok, rows } from '../../../test/helpers/ops-kernel.js';

const JOB = 'referrals.settle-referrals';
let lastTick = Date.UTC(2006, 0, 1);
const freshTick = () => new Date((lastTick += 60_000));

describe('referrals: the platform’s referral programme', function () {
  this.timeout(60_000);

  let k: TestKernel;
  type Shop = { shopId: number; token: string };
  let referrer: Shop;
  const as = (shop: Shop) => ({
    ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, shop.token, tool, args, code),
  });
  const settle = async () => expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
  const ledger = (shopId: number) =>
    rows(
      k,
      `select kind, amount::int, reason, reference from credit_movements where shop_id = ? and kind in ('reward', 'reversal') order by id`,
      [shopId],
    );
  const status = async (id: number) => (await rows(k, 'select status, reason from referrals where id = ?', [id]))[0];
  const dueNow = (id: number) =>
    rows(k, `update referrals set reward_due_at = now() - interval '1 second' where id = ?`, [id]);
  const referredShop = async (name: string, code: string) => k.shops.create({ name, referralCode: code });
  let code: string;

  before(async () => {
    k = await bootOps({
      groups: ['referrals', 'notifications', 'agents'],
      groupConfigs: {
        referrals: {
          referrerCredits: 1_000,
          refereeCredits: 500,
          minPurchaseCredits: 20_000,
          holdDays: 14,
          monthlyCap: 2,
          signupUrl: 'https://switchboard.example.com/signup',
        },
      },
    });
    referrer = await k.shops.create({ name: 'Bar Pepe', credits: 10_000 });
    code = (await as(referrer).ok('get_referral_code')).code;
  });
  after(async () => {
    await k?.close();
  });

  it('every shop has a code from its creation, with a link', async () => {
    expect(code).to.match(/^[A-HJKMNP-Z2-9]{8}$/);
    const again = await as(referrer).ok('get_referral_code');
    expect(again).to.include({ code });
    expect(again.url).to.match(new RegExp(`/r/${code}$`));
    const program = await as(referrer).ok('get_referral_program');
    expect(program).to.include({
      referrer_credits: 1_000,
      referee_credits: 500,
      min_purchase_credits: 20_000,
      hold_days: 14,
    });
  });

  let referralId: number;
  let referee: Shop;

  it('a shop created with the code is a referral; the referrer sees its initials', async () => {
    referee = await referredShop('Casa Lola Tapas', code.toLowerCase());
    const { referrals } = await as(referrer).ok('list_referrals');
    expect(referrals).to.have.length(1);
    expect(referrals[0]).to.include({
      role: 'referrer',
      status: 'signed_up',
      referee: 'C. L. T.',
      your_credits: 1_000,
    });
    referralId = referrals[0].id;
    const mine = await as(referee).ok('get_referral', { referral_id: referralId });
    expect(mine.referral).to.include({ role: 'referee', referee: 'Casa Lola Tapas', your_credits: 500 });
    expect((await as(referee).ok('get_referral_stats')).referred_by.id).to.equal(referralId);
    // A third shop sees nothing of it.
    const stranger = await k.shops.create({ name: 'Stranger' });
    expect((await as(stranger).fails('get_referral', { referral_id: referralId }, 'not_found')).resource).to.equal(
      'referral',
    );
    expect((await as(stranger).ok('list_referrals')).count).to.equal(0);
  });

  it('free credits do not qualify; a purchase does, and the reward waits the holding period', async () => {
    await k.shops.addCredits(referee.shopId, 50_000, 'welcome', 'grant');
    await settle();
    expect(await status(referralId)).to.include({ status: 'signed_up' });
    await k.shops.addCredits(referee.shopId, 20_000, 'card payment', 'purchase');
    await settle();
    const { referral } = await as(referrer).ok('get_referral', { referral_id: referralId });
    expect(referral.status).to.equal('qualified');
    expect(new Date(referral.reward_due_at).getTime() - Date.now()).to.be.greaterThan(13 * 86_400_000);
    await settle();
    expect(await status(referralId)).to.include({ status: 'qualified' });
    expect((await as(referrer).ok('get_referral_stats')).credits_pending).to.equal(1_000);
  });

  it('when due, both shops are credited once, in the ledger as rewards, and told', async () => {
    await dueNow(referralId);
    await settle();
    await settle();
    expect(await status(referralId)).to.include({ status: 'rewarded' });
    expect(await ledger(referrer.shopId)).to.deep.equal([
      { kind: 'reward', amount: 1_000, reason: 'referral_reward', reference: `referral:${referralId}` },
    ]);
    expect(await ledger(referee.shopId)).to.deep.equal([
      { kind: 'reward', amount: 500, reason: 'referral_reward', reference: `referral:${referralId}` },
    ]);
    const told = await as(referrer).ok('list_notifications', { recipient: 'owner', type: 'referral_rewarded' });
    expect(told.notifications.map((n: any) => n.title)).to.deep.equal(['Referral reward: 1000 credits']);
    const stats = await as(referrer).ok('get_referral_stats');
    expect(stats).to.include({
      signups: 1,
      rewarded: 1,
      credits_earned: 1_000,
      credits_pending: 0,
      monthly_cap_left: 1,
    });
  });

  it('a refund within the reversal window takes both rewards back', async () => {
    await k.shops.addCredits(referee.shopId, 5_000, 'chargeback', 'purchase_refund');
    await settle();
    expect(await status(referralId)).to.include({ status: 'reversed' });
    expect((await ledger(referrer.shopId)).map((m: any) => [m.kind, m.amount])).to.deep.equal([
      ['reward', 1_000],
      ['reversal', -1_000],
    ]);
    expect((await ledger(referee.shopId)).map((m: any) => [m.kind, m.amount])).to.deep.equal([
      ['reward', 500],
      ['reversal', -500],
    ]);
    await settle();
    expect(await ledger(referrer.shopId)).to.have.length(2);
  });

  it('a refund during the hold rejects the reward; the monthly cap rejects the rest', async () => {
    const refunded = await referredShop('Refunded Shop', code);
    await k.shops.addCredits(refunded.shopId, 20_000, 'card', 'purchase');
    await settle();
    const [{ id }] = await rows(k, 'select id from referrals where referee_shop_id = ?', [refunded.shopId]);
    await k.shops.addCredits(refunded.shopId, 20_000, 'refund', 'purchase_refund');
    await dueNow(id);
    await settle();
    expect((await status(id)).status).to.equal('rejected');
    expect((await status(id)).reason).to.match(/^purchase_refunded/);

    // The cap is 2 a month: the reversed reward counted once, one more fits, the next does not.
    const ids: number[] = [];
    for (const name of ['Second Shop', 'Third Shop']) {
      const shop = await referredShop(name, code);
      await k.shops.addCredits(shop.shopId, 25_000, 'card', 'purchase');
      ids.push((await rows(k, 'select id from referrals where referee_shop_id = ?', [shop.shopId]))[0].id);
    }
    await settle();
    for (const id of ids) await dueNow(id);
    await settle();
    expect((await status(ids[0]!)).status).to.equal('rewarded');
    expect(await status(ids[1]!)).to.deep.include({ status: 'rejected' });
    expect((await status(ids[1]!)).reason).to.match(/^monthly_cap/);
  });

  it('apply_referral_code: once, not one’s own, within the window; links count their sign-ups', async () => {
    const { link } = await as(referrer).ok('create_referral_link', { label: 'Newsletter', source: 'newsletter' });
    expect(link.slug).to.match(new RegExp(`^${code}-[A-HJKMNP-Z2-9]{5}$`));
    const late = await k.shops.create({ name: 'Late Shop' });
    await as(late).fails(
      'apply_referral_code',
      { code: (await as(late).ok('get_referral_code')).code },
      'referral_not_allowed',
    );
    await as(late).fails('apply_referral_code', { code: 'NOPE2345' }, 'not_found');
    const applied = await as(late).ok('apply_referral_code', { code: link.slug.toLowerCase() });
    expect(applied.referral).to.include({ role: 'referee', status: 'signed_up' });
    const twice = await as(late).fails('apply_referral_code', { code }, 'referral_not_allowed');
    expect(twice.reason).to.equal('already_referred');
    const links = await as(referrer).ok('list_referral_links');
    expect(links.links[0]).to.include({ id: link.id, signups: 1, disabled: false });

    const old = await k.shops.create({ name: 'Old Shop' });
    await rows(k, `update shops set created_at = now() - interval '30 days' where id = ?`, [old.shopId]);
    expect((await as(old).fails('apply_referral_code', { code }, 'referral_not_allowed')).reason).to.equal(
      'window_closed',
    );

    await as(referrer).ok('disable_referral_link', { link_id: link.id });
    const fresh = await k.shops.create({ name: 'Fresh Shop' });
    await as(fresh).fails('apply_referral_code', { code: link.slug }, 'not_found');
  });

  it('the public link counts one click per visitor and day, never stores the address, and sends to sign-up', async () => {
    const get = (path: string, ip: string) => k.app.inject({ method: 'GET', url: path, remoteAddress: ip });
    const first = await get(`/r/${code}`, '203.0.113.7');
    expect(first.statusCode).to.equal(302);
    expect(first.headers.location).to.equal(`https://switchboard.example.com/signup?ref=${code}`);
    await get(`/r/${code.toLowerCase()}`, '203.0.113.7');
    await get(`/r/${code}`, '198.51.100.9');
    expect((await as(referrer).ok('get_referral_stats')).clicks).to.equal(2);
    const stored = await rows(k, 'select * from referral_clicks where shop_id = ?', [referrer.shopId]);
    expect(JSON.stringify(stored)).not.to.match(/203\.0\.113\.7|198\.51\.100\.9/);
    expect((await get('/r/NOPE2345', '203.0.113.7')).statusCode).to.equal(404);
  });

  it('an invitation goes from the shop’s line with its link, as a message like any other', async () => {
    await connectedLine(k, referrer.token, {}, '+34611999000');
    const sent = await as(referrer).ok('send_referral_invite', {
      phone: '+34600123456',
      message: 'Prueba Switchboard con mi enlace: {enlace} ¡Te va a gustar!',
    });
    expect(sent.message.text).to.equal(`Prueba Switchboard con mi enlace: ${sent.url} ¡Te va a gustar!`);
    expect(sent.message.phone).to.equal('+34600123456');
    const plain = await as(referrer).ok('send_referral_invite', { phone: '+34600123457', message: 'Join us' });
    expect(plain.message.text).to.equal(`Join us\n${plain.url}`);
    await as(referrer).fails('send_referral_invite', { phone: '123' }, 'invalid_arguments');
  });
});
