import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { rows } from '../../../test/helpers/ops-kernel.js';
import { caller } from './helpers.js';
import {
  bootCampaigns,
  freshPhones,
  listWith,
  marketingLine,
  perPhone,
  sandboxOutbound,
  untilStatus,
} from './campaign-helpers.js';

/**
 * The credits of a send batch are taken at its commit: a shop's batches run side by side, and the
 * one whose commit finds the credits spent by another goes again at once. Batches of one recipient,
 * four at a time, on six lines, make them meet.
 */
describe('mass_marketing: batches that run out of credits side by side', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootCampaigns({ translator: false, engine: { sendBatch: 1, concurrency: 4, staleSendingSeconds: 30 } });
  });
  after(() => k?.close());

  it('each send is charged once, the balance never goes below zero, and the campaign pauses', async () => {
    // 1,000 credits a message: enough for three of the twelve.
    const { shopId, token } = await k.shops.create({ name: 'Racing shop', credits: 3500, timezone: 'Europe/Madrid' });
    const c = caller(k, token);
    for (let i = 0; i < 6; i++) await marketingLine(k, token);
    const listId = await listWith(c, freshPhones(12));
    const { campaign } = await c.ok('create_campaign', {
      action: 'create',
      name: 'Race',
      message_text: 'Hola {nombre}',
      list_id: listId,
    });
    await c.ok('start_campaign', { campaign_id: campaign.id });
    const paused = await untilStatus(c, campaign.id, 'paused');
    expect(paused.pause_reason).to.equal('insufficient_credits');

    const sent = await sandboxOutbound(k, shopId);
    expect(sent).to.have.length(3);
    expect([...perPhone(sent).values()]).to.deep.equal([1, 1, 1]);
    const [{ balance }] = await rows(k, 'select credits_balance::int as balance from shops where id = ?', [shopId]);
    expect(balance).to.equal(500);
    const ledger = await rows(
      k,
      `select amount::int, balance_after::int from credit_movements where shop_id = ? and kind = 'spend' order by id`,
      [shopId],
    );
    expect(ledger).to.deep.equal([
      { amount: -1000, balance_after: 2500 },
      { amount: -1000, balance_after: 1500 },
      { amount: -1000, balance_after: 500 },
    ]);
    // Rows claimed by batches still open when the campaign paused stay claimed until reconciliation;
    // none of them got a message.
    const recipients = await rows(
      k,
      `select r.status, r.message_id from marketing_campaign_recipients r where r.shop_id = ?`,
      [shopId],
    );
    const reached = recipients.filter((r) => ['sent', 'delivered', 'read'].includes(r.status));
    expect(reached).to.have.length(3);
    expect(reached.every((r) => r.message_id !== null)).to.equal(true);
    const others = recipients.filter((r) => !reached.includes(r));
    expect(others.map((r) => r.status).filter((s) => s !== 'pending' && s !== 'sending')).to.deep.equal([]);
    expect(others.every((r) => r.message_id === null)).to.equal(true);
  });
});
