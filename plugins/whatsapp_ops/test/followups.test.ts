import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { freshTick } from './helpers/ticks.js';
import { balanceOf, bootOps, connectedLine, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { inShop, onNext } from '../../../test/fixtures/service-probe/index.js';

const JOB = 'whatsapp_ops.drain-ticket-followups';

describe('whatsapp_ops: ticket follow-ups go out through the send path (tickets enabled)', () => {
  let k: TestKernel;
  let shopId: number;
  let token: string;

  /** A ticket resolved by an agent: its follow-up is queued and the ticket waits in pending_notification. */
  const resolvedTicket = async (contact: { phone?: string; customer_email?: string }) => {
    const { ticket } = await ok(k, token, 'create_ai_ticket', { action: 'create', title: 'Late parcel', ...contact });
    const { followup } = await ok(k, token, 'add_ai_ticket_agent_resolution', {
      action: 'add',
      ticket_id: ticket.id,
      body: 'The parcel was re-sent today.',
    });
    return { ticketId: ticket.id as number, followupId: followup.id as number, message: followup.message as string };
  };
  const ticket = async (id: number) => (await ok(k, token, 'get_ai_ticket', { ticket_id: id })).ticket;
  const followup = async (ticketId: number) => (await ticket(ticketId)).followups.at(-1);

  before(async () => {
    k = await bootOps({ groups: ['agents', 'customers', 'tickets'], probe: true });
    ({ shopId, token } = await k.newShop('Follow-up shop', { credits: 20_000 }));
  });
  after(() => k.close());

  it('with no connected line the follow-up waits, queued', async () => {
    const { ticketId } = await resolvedTicket({ phone: '+34600666111' });
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect((await followup(ticketId)).status).to.equal('queued');
    expect((await ticket(ticketId)).status).to.equal('pending_notification');
  });

  it('once a line is connected the drain sends it (automatic, billing source followup, 500 credits) and the ticket becomes resolved', async () => {
    await connectedLine(k, token, {}, '+34711000600');
    const before = await balanceOf(k, shopId);
    const queued = await rows(
      k,
      `select id, ticket_id, message from ticket_followups where shop_id = ? and status = 'queued'`,
      [shopId],
    );
    expect(queued).to.have.length(1);
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    const done = await ticket(queued[0].ticket_id);
    expect(done.status).to.equal('resolved');
    expect(done.followups.at(-1)).to.include({ status: 'sent' });
    const { messages } = await ok(k, token, 'list_chatapp_messages', { phone: '+34600666111' });
    expect(messages).to.have.length(1);
    expect(messages[0]).to.include({
      automatic: true,
      billing_source: 'followup',
      idempotency_key: `ticket-followup-${queued[0].id}`,
      text: queued[0].message,
      credits_charged: 500,
    });
    expect(await balanceOf(k, shopId)).to.equal(before - 500);
  });

  it('an opted-out customer gets no follow-up: it is marked failed with reason opted_out and the ticket stays pending', async () => {
    await ok(k, token, 'add_chatapp_optout', { action: 'add', phone: '+34600666222' });
    const { ticketId } = await resolvedTicket({ phone: '+34600666222' });
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect(await followup(ticketId)).to.include({ status: 'failed', status_reason: 'opted_out' });
    expect((await ticket(ticketId)).status).to.equal('pending_notification');
    expect((await ok(k, token, 'list_chatapp_messages', { phone: '+34600666222' })).count).to.equal(0);
  });

  it('follow-ups without a phone are left for another channel; draining again sends nothing twice', async () => {
    const emailOnly = await resolvedTicket({ customer_email: 'someone@example.com' });
    const withPhone = await resolvedTicket({ phone: '+34600666333' });
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect((await followup(emailOnly.ticketId)).status).to.equal('queued');
    expect((await ticket(withPhone.ticketId)).status).to.equal('resolved');
    expect((await ok(k, token, 'list_chatapp_messages', { phone: '+34600666333' })).count).to.equal(1);
  });

  it('a follow-up sent but not marked (a crash in between) is marked sent on the next drain, without a second message or charge', async () => {
    const { ticketId, followupId, message } = await resolvedTicket({ phone: '+34600666444' });
    await inShop(k, shopId, ({ services }) =>
      services.chatappMessagingService.send({
        phone: '+34600666444',
        text: message,
        automatic: true,
        billingSource: 'followup',
        senderRole: 'operations',
        idempotencyKey: `ticket-followup-${followupId}`,
      }),
    );
    const before = await balanceOf(k, shopId);
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect((await ticket(ticketId)).status).to.equal('resolved');
    expect((await ok(k, token, 'list_chatapp_messages', { phone: '+34600666444' })).count).to.equal(1);
    expect(await balanceOf(k, shopId)).to.equal(before);
  });

  it('a follow-up another process settled while its message went out is left as it is: the drain still succeeds', async () => {
    const { ticketId, followupId } = await resolvedTicket({ phone: '+34600666555' });
    onNext('whatsapp_ops.message_sent', ({ services }) =>
      services.ticketResolutionsService.markFollowupFailed(followupId, 'settled elsewhere'),
    );
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect(await followup(ticketId)).to.include({ status: 'failed', status_reason: 'settled elsewhere' });
    expect((await ok(k, token, 'list_chatapp_messages', { phone: '+34600666555' })).count).to.equal(1);
  });
});
