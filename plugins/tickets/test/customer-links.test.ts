import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fixtureGroup } from './fixtures.js';

describe('tickets: following customer merges and deletions and agent deletions', () => {
  let k: TestKernel;
  let token: string;

  before(async () => {
    k = await bootKernel({ groups: ['agents', 'customers', 'tickets'] });
    ({ token } = await k.newShop('Ticket links shop'));
  });
  after(() => k.close());

  const call = async (tool: string, args: Record<string, unknown> = {}) => (await k.call(token, tool, args)).payload;
  const ticket = async (phone: string, title: string) =>
    (await call('create_ai_ticket', { action: 'create', title, phone })).ticket;
  const byPhone = async (phone: string) => (await call('list_ai_tickets', { phone })).tickets;

  it('merge_customers moves every ticket of the secondary (closed ones too) and its queued follow-up to the primary', async () => {
    const primary = '+34640000001';
    const secondary = '+34640000002';
    const kept = await ticket(primary, 'primary ticket');
    const open = await ticket(secondary, 'secondary open');
    const closed = await ticket(secondary, 'secondary closed');
    await call('close_ai_ticket', { action: 'close', ticket_id: closed.id });
    const pending = await ticket(secondary, 'secondary pending');
    await call('add_ai_ticket_agent_resolution', { action: 'add', ticket_id: pending.id, body: 'Done' });
    const primaryId = (await call('get_customer', { phone: primary })).customer.id;

    const merged = await call('merge_customers', { primary_phone: primary, secondary_phone: secondary });
    expect(merged.success, JSON.stringify(merged)).to.equal(true);

    expect(await byPhone(secondary)).to.deep.equal([]);
    const moved = await byPhone(primary);
    expect(moved.map((t: any) => t.id)).to.have.members([kept.id, open.id, closed.id, pending.id]);
    expect(moved.every((t: any) => t.customer_id === primaryId && t.phone === primary)).to.equal(true);
    expect(moved.find((t: any) => t.id === closed.id).status).to.equal('closed');
    const followups = (await call('get_ai_ticket', { ticket_id: pending.id })).ticket.followups;
    expect(followups.map((f: any) => [f.status, f.phone])).to.deep.equal([['queued', primary]]);

    const deduped = await call('create_ai_ticket', {
      action: 'create',
      title: 'again',
      phone: primary,
      dedupe_customer: true,
    });
    expect(deduped.ticket.id).to.equal(pending.id);
  });

  it('delete_customer unlinks the tickets, which keep their phone', async () => {
    const phone = '+34640000010';
    const t = await ticket(phone, 'about to lose its customer');
    expect(t.customer_id).to.be.a('number');
    await call('delete_customer', { phone });
    const got = (await call('get_ai_ticket', { ticket_id: t.id })).ticket;
    expect(got).to.include({ customer_id: null, phone, status: 'open' });

    const relinked = await call('create_ai_ticket', {
      action: 'create',
      title: 'new report',
      phone,
      dedupe_customer: true,
    });
    expect(relinked.deduped).to.equal(true);
    expect(relinked.ticket.customer_id).to.equal((await call('get_customer', { phone })).customer.id);
  });

  it("delete_agent unassigns the agent's tickets", async () => {
    const agent = (
      await call('create_agent', {
        action: 'create',
        nickname: 'Gone',
        full_name: 'Soon Gone',
        email: 'gone@example.com',
      })
    ).agent;
    const t = await ticket('+34640000020', 'assigned');
    await call('assign_ai_ticket', { action: 'assign', ticket_id: t.id, assigned_agent_id: agent.id });
    const deleted = await call('delete_agent', { action: 'delete', agent_id: agent.id });
    expect(deleted.success, JSON.stringify(deleted)).to.equal(true);
    expect((await call('get_ai_ticket', { ticket_id: t.id })).ticket.assigned_agent_id).to.equal(null);
  });
});

describe('tickets: a merge that fails after tickets followed it moves no ticket', () => {
  let k: TestKernel;
  let token: string;

  before(async () => {
    k = await bootKernel({
      groups: ['agents', 'customers', 'tickets'],
      overrides: { groups: { tickets_merge_breaker: fixtureGroup('merge-breaker') } },
    });
    ({ token } = await k.newShop('Ticket merge rollback shop'));
  });
  after(() => k.close());

  const call = async (tool: string, args: Record<string, unknown> = {}) => (await k.call(token, tool, args)).payload;

  it('the tickets listener ran (the primary had both tickets) and everything rolled back', async () => {
    const primary = '+34640000101';
    const secondary = '+34640000102';
    const a = (await call('create_ai_ticket', { action: 'create', title: 'on primary', phone: primary })).ticket;
    const b = (await call('create_ai_ticket', { action: 'create', title: 'on secondary', phone: secondary })).ticket;

    const { payload, isError } = await k.call(token, 'merge_customers', {
      primary_phone: primary,
      secondary_phone: secondary,
    });
    expect(isError).to.equal(true);
    expect(payload).to.include({ error_code: 'fixture_failure', tickets_on_primary: 2 });

    expect((await call('get_ai_ticket', { ticket_id: a.id })).ticket).to.deep.include({
      phone: primary,
      customer_id: a.customer_id,
    });
    expect((await call('get_ai_ticket', { ticket_id: b.id })).ticket).to.deep.include({
      phone: secondary,
      customer_id: b.customer_id,
      updated_at: b.updated_at,
    });
    expect((await call('get_customer', { phone: secondary })).customer.id).to.equal(b.customer_id);
  });
});
