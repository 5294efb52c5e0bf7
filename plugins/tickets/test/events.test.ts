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

  /** The ids of the ticket's timeline entries, oldest first. */
  const noteIds = async (ticketId: number): Promise<number[]> =>
    (await call('get_ai_ticket', { ticket_id: ticketId })).ticket.notes.map((n: { id: number }) => n.id);

  it('a new ticket emits tickets.created; a report deduped onto an open ticket is only noted', async () => {
    const phone = '+34650000001';
    const created = await call('create_ai_ticket', { action: 'create', title: 'Broken zip', phone, priority: 'P1' });
    await call('create_ai_ticket', { action: 'create', title: 'Again', phone, dedupe_customer: true });
    const [report] = await noteIds(created.ticket.id);
    expect(events()).to.deep.equal([
      {
        name: 'tickets.created',
        payload: { ticket_id: created.ticket.id, title: 'Broken zip', priority: 'P1', phone, customer_email: null },
      },
      { name: 'tickets.noted', payload: { ticket_id: created.ticket.id, note_id: report, kind: 'report' } },
    ]);
  });

  it('a note emits tickets.noted; a change of fields tickets.updated with the fields that changed, values already there nothing', async () => {
    const t = (await call('create_ai_ticket', { action: 'create', title: 'Noted', phone: '+34650000006' })).ticket;
    recorded.splice(0);
    const { note } = await call('add_ai_ticket_note', { action: 'add', ticket_id: t.id, body: 'Called the courier' });
    await call('update_ai_ticket', { ticket_id: t.id, priority: 'P0', title: 'Noted' });
    await call('update_ai_ticket', { ticket_id: t.id, priority: 'P0' });
    await call('update_ai_ticket', { ticket_id: t.id, category: 'shipping', description: 'Lost parcel' });
    expect(events()).to.deep.equal([
      { name: 'tickets.noted', payload: { ticket_id: t.id, note_id: note.id, kind: 'note' } },
      { name: 'tickets.updated', payload: { ticket_id: t.id, fields: ['priority'], priority: 'P0' } },
      { name: 'tickets.updated', payload: { ticket_id: t.id, fields: ['description', 'category'], priority: 'P0' } },
    ]);
  });

  it('deleting an agent emits tickets.assigned to no one for each of its tickets', async () => {
    const agent = (
      await call('create_agent', { action: 'create', nickname: 'Leo', full_name: 'Leo Gil', email: 'leo@example.com' })
    ).agent;
    const t = (await call('create_ai_ticket', { action: 'create', title: 'Orphaned', phone: '+34650000007' })).ticket;
    await call('assign_ai_ticket', { action: 'assign', ticket_id: t.id, assigned_agent_id: agent.id });
    recorded.splice(0);
    const deleted = await call('delete_agent', { action: 'delete', agent_id: agent.id });
    expect(deleted.success, JSON.stringify(deleted)).to.equal(true);
    expect(events()).to.deep.equal([
      { name: 'tickets.assigned', payload: { ticket_id: t.id, agent_id: null, previous_agent_id: agent.id } },
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

  it('resolving at once notes the resolution and emits tickets.resolved with the resolution time', async () => {
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
      { name: 'tickets.noted', payload: { ticket_id: t.id, note_id: resolved.resolution.id, kind: 'resolution' } },
      { name: 'tickets.resolved', payload: { ticket_id: t.id, phone, resolved_at: resolved.ticket.resolved_at } },
    ]);
  });

  it('resolve after notify notes the resolution, and emits tickets.resolved only when the follow-up is sent', async () => {
    const phone = '+34650000003';
    const t = (await call('create_ai_ticket', { action: 'create', title: 'Needs notice', phone })).ticket;
    recorded.splice(0);
    const pending = await call('add_ai_ticket_agent_resolution', { action: 'add', ticket_id: t.id, body: 'Done' });
    expect(pending.ticket.status).to.equal('pending_notification');
    expect(events()).to.deep.equal([
      { name: 'tickets.noted', payload: { ticket_id: t.id, note_id: pending.resolution.id, kind: 'resolution' } },
    ]);
    recorded.splice(0);

    const sent = await inShop(k, shopId, (ctx) =>
      ctx.services.ticketResolutionsService.markFollowupSent(pending.followup.id),
    );
    expect(sent.ticket.status).to.equal('resolved');
    expect(events()).to.deep.equal([
      { name: 'tickets.resolved', payload: { ticket_id: t.id, phone, resolved_at: sent.ticket.resolved_at } },
      {
        name: 'tickets.followup_settled',
        payload: { ticket_id: t.id, followup_id: pending.followup.id, status: 'sent' },
      },
    ]);
  });

  it('a follow-up that cannot be delivered emits tickets.followup_settled failed; reopening emits tickets.reopened', async () => {
    const t = (await call('create_ai_ticket', { action: 'create', title: 'Undeliverable', phone: '+34650000008' }))
      .ticket;
    const pending = await call('add_ai_ticket_agent_resolution', { action: 'add', ticket_id: t.id, body: 'Done' });
    recorded.splice(0);
    await inShop(k, shopId, (ctx) =>
      ctx.services.ticketResolutionsService.markFollowupFailed(pending.followup.id, 'number unreachable'),
    );
    await call('reopen_ai_ticket', { ticket_id: t.id });
    expect(events()).to.deep.equal([
      {
        name: 'tickets.followup_settled',
        payload: { ticket_id: t.id, followup_id: pending.followup.id, status: 'failed' },
      },
      { name: 'tickets.reopened', payload: { ticket_id: t.id } },
    ]);
  });

  it('closing emits tickets.closed with the reason (and notes it), or null without one', async () => {
    const a = (
      await call('create_ai_ticket', { action: 'create', title: 'Close with reason', customer_email: 'a@example.com' })
    ).ticket;
    const b = (
      await call('create_ai_ticket', { action: 'create', title: 'Close bare', customer_email: 'b@example.com' })
    ).ticket;
    recorded.splice(0);
    await call('close_ai_ticket', { action: 'close', ticket_id: a.id, reason: 'Duplicate' });
    await call('close_ai_ticket', { action: 'close', ticket_id: b.id });
    const [reason] = await noteIds(a.id);
    expect(events()).to.deep.equal([
      { name: 'tickets.closed', payload: { ticket_id: a.id, reason: 'Duplicate' } },
      { name: 'tickets.noted', payload: { ticket_id: a.id, note_id: reason, kind: 'close' } },
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
