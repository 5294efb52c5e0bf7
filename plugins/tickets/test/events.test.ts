import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';
import { failNext, inShop, recorded } from '../../../test/fixtures/service-probe/index.js';

describe('tickets: the events other groups follow', () => {
  let k: TestKernel;
  let shopId: number;
  let token: string;

  before(async () => {
    k = await bootKernel({
      groups: ['agents', 'customers', 'tickets'],
      overrides: { groups: { service_probe: serviceProbe } },
    });
    ({ shopId, token } = await k.newShop('Ticket events shop'));
  });
  after(() => k.close());

  const call = async (tool: string, args: Record<string, unknown> = {}) => (await k.call(token, tool, args)).payload;
  const events = () =>
    recorded
      .filter((e) => e.shopId === shopId && e.name.startsWith('tickets.'))
      .map(({ name, payload }) => ({ name, payload }));
  beforeEach(() => void recorded.splice(0));

  it('a new ticket emits tickets.created; a report deduped onto an open ticket emits nothing', async () => {
    const phone = '+34650000001';
    const created = await call('create_ai_ticket', { action: 'create', title: 'Broken zip', phone, priority: 'P1' });
    await call('create_ai_ticket', { action: 'create', title: 'Again', phone, dedupe_customer: true });
    expect(events()).to.deep.equal([
      {
        name: 'tickets.created',
        payload: { ticket_id: created.ticket.id, title: 'Broken zip', priority: 'P1', phone, customer_email: null },
      },
    ]);
  });

  it('assigning emits tickets.assigned with the previous agent; the same agent again emits nothing', async () => {
    const agent = (
      await call('create_agent', {
        action: 'create',
        nickname: 'Eva',
        full_name: 'Eva Ramos',
        email: 'eva@example.com',
      })
    ).agent;
    const t = (await call('create_ai_ticket', { action: 'create', title: 'To assign', phone: '+34650000004' })).ticket;
    recorded.splice(0);
    await call('assign_ai_ticket', { action: 'assign', ticket_id: t.id, assigned_agent_id: agent.id });
    await call('assign_ai_ticket', { action: 'assign', ticket_id: t.id, assigned_agent_id: agent.id });
    await call('assign_ai_ticket', { action: 'assign', ticket_id: t.id, assigned_agent_id: 0 });
    expect(events()).to.deep.equal([
      { name: 'tickets.assigned', payload: { ticket_id: t.id, agent_id: agent.id, previous_agent_id: null } },
      { name: 'tickets.assigned', payload: { ticket_id: t.id, agent_id: null, previous_agent_id: agent.id } },
    ]);
  });

  it('resolving at once emits tickets.resolved with the resolution time', async () => {
    const phone = '+34650000002';
    const t = (await call('create_ai_ticket', { action: 'create', title: 'Quick fix', phone })).ticket;
    recorded.splice(0);
    const resolved = await call('add_ai_ticket_agent_resolution', {
      action: 'add',
      ticket_id: t.id,
      body: 'Fixed',
      resolve_after_notify: false,
    });
    expect(resolved.ticket.status).to.equal('resolved');
    expect(events()).to.deep.equal([
      { name: 'tickets.resolved', payload: { ticket_id: t.id, phone, resolved_at: resolved.ticket.resolved_at } },
    ]);
  });

  it('resolve after notify emits tickets.resolved only when the follow-up is sent', async () => {
    const phone = '+34650000003';
    const t = (await call('create_ai_ticket', { action: 'create', title: 'Needs notice', phone })).ticket;
    recorded.splice(0);
    const pending = await call('add_ai_ticket_agent_resolution', { action: 'add', ticket_id: t.id, body: 'Done' });
    expect(pending.ticket.status).to.equal('pending_notification');
    expect(events()).to.deep.equal([]);

    const sent = await inShop(k, shopId, (ctx) =>
      ctx.services.ticketResolutionsService.markFollowupSent(pending.followup.id),
    );
    expect(sent.ticket.status).to.equal('resolved');
    expect(events()).to.deep.equal([
      { name: 'tickets.resolved', payload: { ticket_id: t.id, phone, resolved_at: sent.ticket.resolved_at } },
    ]);
  });

  it('closing emits tickets.closed with the reason, or null without one', async () => {
    const a = (
      await call('create_ai_ticket', { action: 'create', title: 'Close with reason', customer_email: 'a@example.com' })
    ).ticket;
    const b = (
      await call('create_ai_ticket', { action: 'create', title: 'Close bare', customer_email: 'b@example.com' })
    ).ticket;
    recorded.splice(0);
    await call('close_ai_ticket', { action: 'close', ticket_id: a.id, reason: 'Duplicate' });
    await call('close_ai_ticket', { action: 'close', ticket_id: b.id });
    expect(events()).to.deep.equal([
      { name: 'tickets.closed', payload: { ticket_id: a.id, reason: 'Duplicate' } },
      { name: 'tickets.closed', payload: { ticket_id: b.id, reason: null } },
    ]);
  });

  it('a listener that fails rolls the close back', async () => {
    const t = (await call('create_ai_ticket', { action: 'create', title: 'Stays open', phone: '+34650000005' })).ticket;
    failNext('tickets.closed');
    const refused = await call('close_ai_ticket', { action: 'close', ticket_id: t.id });
    expect(refused.success).to.equal(false);
    expect((await call('get_ai_ticket', { ticket_id: t.id })).ticket.status).to.equal('open');
  });
});
