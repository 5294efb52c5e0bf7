import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { balanceOf, bootOps, connectedLine, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { uniqueEngineName } from '../../../test/helpers/session-service-instance.js';
import { freshTick } from './helpers/ticks.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';

describe('whatsapp_ops: messages left in sending, and the services other groups call', () => {
  const engineName = uniqueEngineName('retry');
  let k: TestKernel;
  let shopId: number;
  let token: string;
  let line: any;

  const message = async (id: number) => (await rows(k, 'select * from chatapp_messages where id = ?', [id]))[0];
  /** Waits for the sandbox's receipts to be applied, so none arrives after the test rewinds the row. */
  const settled = (id: number) => waitFor(`message ${id} read`, async () => (await message(id)).status === 'read');

  before(async () => {
    k = await bootOps({ engineName, probe: true });
    ({ shopId, token } = await k.newShop('Retry shop', { credits: 10_000 }));
    line = await connectedLine(k, token, {}, '+34711001000');
  });
  after(() => k?.close());

  it('at start, a message a previous process left in sending is sent again with its key: recorded once, charged once', async () => {
    const { message: sent } = await ok(k, token, 'send_chatapp_message', {
      phone: '+34600101010',
      message: 'Lost answer',
    });
    await settled(sent.id);
    // The previous process recorded and charged it, but never learnt the network's answer.
    await rows(
      k,
      `update chatapp_messages set status = 'sending', provider_message_id = null, sent_at = null where id = ?`,
      [sent.id],
    );
    const before = await balanceOf(k, shopId);
    await k.close();
    k = await bootOps({ engineName, probe: true });
    await ok(k, token, 'list_chatapp_sessions');
    const recovered = await waitFor('the start-up retry', async () => {
      const row = await message(sent.id);
      return row.status !== 'sending' && row;
    });
    expect(recovered).to.include({ provider_message_id: sent.provider_message_id, credits_charged: 500 });
    expect(['sent', 'delivered', 'read']).to.include(recovered.status);
    expect(await balanceOf(k, shopId)).to.equal(before);
    expect(
      (
        await rows(k, 'select count(*)::int as n from sandbox_messages where idempotency_key = ?', [
          sent.idempotency_key,
        ])
      )[0].n,
    ).to.equal(1);
  });

  it('a message the network never took within 24 h fails and its credits go back', async () => {
    const { message: sent } = await ok(k, token, 'send_chatapp_message', {
      phone: '+34600101011',
      message: 'Too late',
    });
    await settled(sent.id);
    await rows(
      k,
      `update chatapp_messages set status = 'sending', created_at = now() - interval '25 hours' where id = ?`,
      [sent.id],
    );
    const before = await balanceOf(k, shopId);
    expect(await k.scheduler.runTick('whatsapp_ops.retry-sending-messages', freshTick())).to.equal('ran');
    const failed = await message(sent.id);
    expect(failed).to.include({ status: 'failed', credits_charged: 0 });
    expect(failed.error).to.match(/^expired/);
    expect(await balanceOf(k, shopId)).to.equal(before + 500);
    const [refund] = await rows(
      k,
      'select amount, reason, reference from credit_movements where shop_id = ? order by id desc limit 1',
      [shopId],
    );
    expect(refund).to.deep.include({ reason: 'chatapp_message_refund', reference: `chatapp_message:${sent.id}` });
  });

  it('a waiting message whose line was disconnected meanwhile fails with the refusal and is refunded', async () => {
    const other = await connectedLine(k, token, { force_new: true }, '+34711001001');
    const { message: sent } = await ok(k, token, 'send_chatapp_message', {
      phone: '+34600101012',
      message: 'Line gone',
      session_id: other.id,
    });
    await settled(sent.id);
    await ok(k, token, 'disconnect_chatapp', { session_id: other.id });
    await rows(k, `update chatapp_messages set status = 'sending' where id = ?`, [sent.id]);
    // The network has the message under this key already: a retry is answered with it, even after the logout.
    const outcome = await inShop(k, shopId, ({ services }) => services.chatappMessagingService.retrySending());
    expect(outcome).to.deep.equal({ sent: 1, waiting: 0, failed: 0 });
    expect((await message(sent.id)).status).to.not.equal('sending');
    const { message: fresh } = await ok(k, token, 'send_chatapp_message', {
      phone: '+34600101013',
      message: 'Never taken',
      session_id: line.id,
    });
    await settled(fresh.id);
    await rows(
      k,
      `update chatapp_messages set status = 'sending', session_id = ?, idempotency_key = 'never-taken-key' where id = ?`,
      [other.id, fresh.id],
    );
    const before = await balanceOf(k, shopId);
    const second = await inShop(k, shopId, ({ services }) => services.chatappMessagingService.retrySending());
    expect(second).to.deep.equal({ sent: 0, waiting: 0, failed: 1 });
    const failed = await message(fresh.id);
    expect(failed).to.include({ status: 'failed', credits_charged: 0 });
    expect(failed.error).to.match(/^session_not_connected/);
    expect(await balanceOf(k, shopId)).to.equal(before + 500);
  });

  it('setMassMarketing and listConnected (for mass_marketing) filter the connected lines by role and by mass marketing', async () => {
    const marketing = await connectedLine(k, token, { force_new: true, routing_roles: ['marketing'] }, '+34711001002');
    const result = await inShop(k, shopId, async ({ services }) => {
      const flagged = await services.chatappSessionsService.setMassMarketing(marketing.id, true);
      return {
        flagged,
        all: await services.chatappSessionsService.listConnected(),
        forMarketing: await services.chatappSessionsService.listConnected({ role: 'marketing' }),
        massMarketing: await services.chatappSessionsService.listConnected({ massMarketing: true }),
      };
    });
    expect(result.flagged).to.include({ id: marketing.id, mass_marketing_enabled: true });
    expect(result.all.map((s: any) => s.id)).to.include.members([line.id, marketing.id]);
    expect(result.forMarketing.map((s: any) => s.id)).to.deep.equal([line.id, marketing.id]);
    expect(result.massMarketing.map((s: any) => s.id)).to.deep.equal([marketing.id]);
    const err = await inShop(k, shopId, ({ services }) =>
      services.chatappSessionsService.setMassMarketing(999999, true),
    ).catch((e) => e);
    expect(err.code).to.equal('not_found');
  });

  it('the follow-up job does nothing when the tickets group is not enabled', async () => {
    expect(await k.scheduler.runTick('whatsapp_ops.drain-ticket-followups', freshTick())).to.equal('ran');
    const outcome = await inShop(k, shopId, ({ services }) => services.chatappFollowupsService.drain(10));
    expect(outcome).to.deep.equal({ sent: 0, failed: 0, waiting: 0 });
  });
});
