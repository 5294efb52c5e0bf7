import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';
import { withShop } from '../../../test/fixtures/service-probe/index.js';

/** The follow-up queue as the messaging group uses it: ticketResolutionsService, called directly. */
describe('tickets: follow-up queue (markFollowupSent / markFollowupFailed / queuedFollowups)', () => {
  let k: TestKernel;
  let shopId: number;
  let token: string;
  let otherShopId: number;

  before(async () => {
    k = await bootKernel({
      groups: ['agents', 'customers', 'tickets'],
      overrides: { groups: { service_probe: serviceProbe } },
    });
    ({ shopId, token } = await k.newShop('Follow-up shop'));
    ({ shopId: otherShopId } = await k.newShop('Other follow-up shop'));
  });
  after(() => k.close());

  const call = async (tool: string, args: Record<string, unknown> = {}) => (await k.call(token, tool, args)).payload;
  const resolutions = (shop: number, work: (s: any) => Promise<any>): Promise<any> =>
    withShop(shop, ({ services }) => work(services.ticketResolutionsService), { transactional: true });
  const resolvedTicket = async (resolve_after_notify = true) => {
    const ticket = (await call('create_ai_ticket', { action: 'create', title: 'Follow me', phone: '+34630000001' }))
      .ticket;
    const p = await call('add_ai_ticket_agent_resolution', {
      action: 'add',
      ticket_id: ticket.id,
      body: 'Sorted',
      resolve_after_notify,
    });
    return { ticketId: ticket.id as number, followupId: p.followup.id as number };
  };
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('expected a failure'),
      (err) => err,
    );

  it('markFollowupSent marks the follow-up sent and resolves the ticket that waited for it', async () => {
    const { ticketId, followupId } = await resolvedTicket();
    const p = await resolutions(shopId, (s) => s.markFollowupSent(followupId));
    expect(p.followup).to.include({ id: followupId, status: 'sent' });
    expect(p.followup.sent_at).to.be.a('string');
    expect(p.ticket).to.include({ id: ticketId, status: 'resolved', resolved_at: p.followup.sent_at });
    const got = (await call('get_ai_ticket', { ticket_id: ticketId })).ticket;
    expect(got.status).to.equal('resolved');
    expect(got.followups.map((f: any) => f.status)).to.deep.equal(['sent']);
  });

  it('a follow-up cancelled earlier in the same unit of work cannot then be marked sent', async () => {
    const { ticketId, followupId } = await resolvedTicket();
    const err = await failure(
      withShop(
        shopId,
        async ({ services, em }) => {
          const ticket = await services.ticketsService.get(ticketId);
          await em.findOne((await import('../entities/ticket-followup.entity.js')).TicketFollowup, { id: followupId });
          await services.ticketResolutionsService.cancelQueued(ticket, 'closed meanwhile');
          return services.ticketResolutionsService.markFollowupSent(followupId);
        },
        { transactional: true },
      ),
    );
    expect(err.details).to.deep.equal({ current_status: 'cancelled', allowed: ['queued'] });
  });

  it('concurrent settlements of one follow-up: one wins, the other sees it settled', async () => {
    const { followupId } = await resolvedTicket();
    const results = await Promise.allSettled([
      resolutions(shopId, (s) => s.markFollowupSent(followupId)),
      resolutions(shopId, (s) => s.markFollowupFailed(followupId, 'network refused')),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason.code).to.equal('invalid_state');
  });

  it('with resolve_after_notify false the ticket was resolved already and stays so', async () => {
    const { ticketId, followupId } = await resolvedTicket(false);
    const before = (await call('get_ai_ticket', { ticket_id: ticketId })).ticket;
    const p = await resolutions(shopId, (s) => s.markFollowupSent(followupId));
    expect(p.ticket).to.include({ status: 'resolved', resolved_at: before.resolved_at });
  });

  it('a follow-up already sent, or cancelled by a reopen, cannot be marked sent', async () => {
    const { followupId } = await resolvedTicket();
    await resolutions(shopId, (s) => s.markFollowupSent(followupId));
    const twice = await failure(resolutions(shopId, (s) => s.markFollowupSent(followupId)));
    expect(twice.code).to.equal('invalid_state');
    expect(twice.details).to.deep.equal({ current_status: 'sent', allowed: ['queued'] });

    const reopened = await resolvedTicket();
    await call('reopen_ai_ticket', { ticket_id: reopened.ticketId });
    const cancelled = await failure(resolutions(shopId, (s) => s.markFollowupSent(reopened.followupId)));
    expect(cancelled.details).to.include({ current_status: 'cancelled' });
    expect((await call('get_ai_ticket', { ticket_id: reopened.ticketId })).ticket.status).to.equal('open');
  });

  it("an unknown follow-up, or another shop's, → not_found", async () => {
    const { ticketId, followupId } = await resolvedTicket();
    expect((await failure(resolutions(shopId, (s) => s.markFollowupSent(999999)))).code).to.equal('not_found');
    expect((await failure(resolutions(otherShopId, (s) => s.markFollowupSent(followupId)))).code).to.equal('not_found');
    expect((await failure(resolutions(otherShopId, (s) => s.markFollowupFailed(followupId, 'x')))).code).to.equal(
      'not_found',
    );
    expect((await call('get_ai_ticket', { ticket_id: ticketId })).ticket.status).to.equal('pending_notification');
  });

  it('markFollowupFailed records the reason and leaves the ticket pending; a new resolution can settle it', async () => {
    const { ticketId, followupId } = await resolvedTicket();
    const p = await resolutions(shopId, (s) => s.markFollowupFailed(followupId, 'number not on the messaging network'));
    expect(p.followup).to.include({
      status: 'failed',
      status_reason: 'number not on the messaging network',
      sent_at: null,
    });
    expect(p.ticket.status).to.equal('pending_notification');
    const again = await call('add_ai_ticket_agent_resolution', {
      action: 'add',
      ticket_id: ticketId,
      body: 'Closing the loop',
      resolve_after_notify: false,
    });
    expect(again.ticket.status).to.equal('resolved');
    const got = (await call('get_ai_ticket', { ticket_id: ticketId })).ticket;
    expect(got.followups.map((f: any) => f.status)).to.deep.equal(['failed', 'queued']);
    const failedTwice = await failure(resolutions(shopId, (s) => s.markFollowupFailed(followupId, 'again')));
    expect(failedTwice.details).to.deep.equal({ current_status: 'failed', allowed: ['queued'] });
  });

  it("queuedFollowups lists the shop's queued follow-ups only, oldest first", async () => {
    const queued = await resolutions(shopId, (s) => s.queuedFollowups(100));
    expect(queued.length).to.be.greaterThan(0);
    expect(queued.every((f: any) => f.status === 'queued')).to.equal(true);
    const ids = queued.map((f: any) => f.id);
    expect(ids).to.deep.equal([...ids].sort((a, b) => a - b));
    expect(await resolutions(otherShopId, (s) => s.queuedFollowups(100))).to.deep.equal([]);
    expect(await resolutions(shopId, (s) => s.queuedFollowups(1))).to.have.length(1);
  });
});
