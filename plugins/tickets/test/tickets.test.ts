import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';

describe('tickets group', () => {
  let k: TestKernel;
  let token: string;
  let agentId: number;
  let otherShopAgentId: number;

  before(async () => {
    k = await bootKernel({ groups: ['agents', 'customers', 'tickets'] });
    ({ token } = await k.newShop('Tickets shop'));
    const agent = await k.call(token, 'create_agent', {
      action: 'create',
      nickname: 'Tess',
      full_name: 'Tess Ticket',
      email: 'tess@example.com',
    });
    agentId = agent.payload.agent.id;
    const other = await k.newShop('Other tickets shop');
    otherShopAgentId = (
      await k.call(other.token, 'create_agent', {
        action: 'create',
        nickname: 'Otto',
        full_name: 'Otto Other',
        email: 'otto@example.com',
      })
    ).payload.agent.id;
  });
  after(() => k.close());

  const call = async (tool: string, args: Record<string, unknown> = {}) => (await k.call(token, tool, args)).payload;
  const create = (args: Record<string, unknown>) => call('create_ai_ticket', { action: 'create', ...args });
  const newTicket = async (args: Record<string, unknown> = {}) =>
    (await create({ title: 'A ticket', phone: '+34610000001', ...args })).ticket;
  const resolve = (ticket_id: number, extra: Record<string, unknown> = {}) =>
    call('add_ai_ticket_agent_resolution', { action: 'add', ticket_id, body: 'Refund issued', ...extra });
  const expectError = (payload: any, code: string, path?: string) => {
    expect(payload.success, JSON.stringify(payload)).to.equal(false);
    expect(payload.error_code, JSON.stringify(payload)).to.equal(code);
    if (path) expect(payload.errors.map((e: any) => e.path)).to.include(path);
  };
  const expectInvalidState = (payload: any, current: string, allowed: string[]) => {
    expectError(payload, 'invalid_state');
    expect(payload.current_status).to.equal(current);
    expect(payload.allowed).to.deep.equal(allowed);
  };

  describe('create_ai_ticket', () => {
    it('creates an open P2 ticket, normalises the phone, links the customer and stores the message as the first note', async () => {
      const p = await create({
        title: 'Parcel lost',
        phone: '0034 610 000 010',
        message: 'Customer says the parcel never arrived',
      });
      expect(p).to.include({ success: true, created: true, deduped: false });
      const t = p.ticket;
      expect(t).to.include({
        title: 'Parcel lost',
        status: 'open',
        priority: 'P2',
        phone: '+34610000010',
        assigned_agent_id: null,
        description: null,
        category: null,
        resolved_at: null,
        closed_at: null,
      });
      const customer = (await call('get_customer', { phone: '+34610000010' })).customer;
      expect(t.customer_id).to.equal(customer.id);
      const got = (await call('get_ai_ticket', { ticket_id: t.id })).ticket;
      expect(got.notes.map((n: any) => [n.kind, n.body])).to.deep.equal([
        ['note', 'Customer says the parcel never arrived'],
      ]);
      expect(got.followups).to.deep.equal([]);
    });

    it('takes description, priority, category and an email; the email fills the new customer record', async () => {
      const p = await create({
        title: 'Invoice',
        phone: '+34610000011',
        customer_email: 'Buyer@Example.com',
        description: 'Needs a VAT invoice',
        priority: 'P0',
        category: 'billing',
      });
      expect(p.ticket).to.include({
        priority: 'P0',
        category: 'billing',
        description: 'Needs a VAT invoice',
        customer_email: 'buyer@example.com',
      });
      expect((await call('get_customer', { phone: '+34610000011' })).customer.email).to.equal('buyer@example.com');
    });

    it('an email alone is enough and links no customer record', async () => {
      const p = await create({ title: 'Email only', customer_email: 'solo@example.com' });
      expect(p.ticket).to.include({ phone: null, customer_email: 'solo@example.com', customer_id: null });
    });

    it('refuses a ticket with neither phone nor email, an invalid phone, a bad email or priority, a blank title', async () => {
      expectError(await create({ title: 'Nobody' }), 'invalid_arguments', 'phone');
      expectError(await create({ title: 'Bad phone', phone: '555' }), 'invalid_arguments', 'phone');
      expectError(await create({ title: 'Bad email', customer_email: 'nope' }), 'invalid_arguments', 'customer_email');
      expectError(
        await create({ title: 'Bad priority', phone: '+34610000001', priority: 'P4' }),
        'invalid_arguments',
        'priority',
      );
      expectError(await create({ title: '   ', phone: '+34610000001' }), 'invalid_arguments', 'title');
      expectError(await create({ phone: '+34610000001' }), 'invalid_arguments', 'title');
      expectError(await create({ title: 'x', phone: '+34610000001', message: '  ' }), 'invalid_arguments', 'message');
      expectError(
        await call('create_ai_ticket', { title: 'No action', phone: '+34610000001' }),
        'invalid_arguments',
        'action',
      );
      expectError(
        await call('create_ai_ticket', { action: 'add', title: 'Wrong action', phone: '+34610000001' }),
        'invalid_arguments',
        'action',
      );
      expectError(
        await create({ title: 'x', phone: '+34610000001', assigned_agent_id: 1 }),
        'invalid_arguments',
        'assigned_agent_id',
      );
    });

    it('without dedupe_customer, a second report of the same customer opens a second ticket', async () => {
      const a = await create({ title: 'First', phone: '+34610000020' });
      const b = await create({ title: 'Second', phone: '+34610000020' });
      expect(b.created).to.equal(true);
      expect(b.ticket.id).to.not.equal(a.ticket.id);
    });

    it("with dedupe_customer, the customer's open ticket is updated instead, keeping its title", async () => {
      const first = await create({
        title: 'Broken zipper',
        phone: '+34610000030',
        message: 'first report',
        priority: 'P3',
        category: 'returns',
      });
      const p = await create({
        title: 'Zipper again',
        phone: '+34 610 000 030',
        message: 'customer wrote again',
        priority: 'P1',
        description: 'Now angry',
        dedupe_customer: true,
      });
      expect(p).to.include({ success: true, created: false, deduped: true });
      expect(p.ticket).to.include({
        id: first.ticket.id,
        title: 'Broken zipper',
        priority: 'P1',
        category: 'returns',
        description: 'Now angry',
        status: 'open',
      });
      const got = (await call('get_ai_ticket', { ticket_id: first.ticket.id })).ticket;
      expect(got.notes.map((n: any) => [n.kind, n.body])).to.deep.equal([
        ['note', 'first report'],
        ['report', 'Zipper again\n\ncustomer wrote again'],
      ]);
      expect((await call('list_ai_tickets', { phone: '+34610000030' })).count).to.equal(1);
    });

    it('dedupe also finds a ticket waiting for its follow-up, but not a resolved or closed one', async () => {
      const pending = await newTicket({ phone: '+34610000031' });
      await resolve(pending.id);
      const onPending = await create({ title: 'Again', phone: '+34610000031', dedupe_customer: true });
      expect(onPending).to.include({ deduped: true });
      expect(onPending.ticket).to.include({ id: pending.id, status: 'pending_notification' });

      const resolved = await newTicket({ phone: '+34610000032' });
      await resolve(resolved.id, { resolve_after_notify: false });
      const afterResolved = await create({ title: 'New matter', phone: '+34610000032', dedupe_customer: true });
      expect(afterResolved).to.include({ created: true, deduped: false });

      const closed = await newTicket({ phone: '+34610000033' });
      await call('close_ai_ticket', { action: 'close', ticket_id: closed.id });
      const afterClosed = await create({ title: 'New matter', phone: '+34610000033', dedupe_customer: true });
      expect(afterClosed).to.include({ created: true, deduped: false });
    });

    it('dedupe picks the newest open ticket of the phone', async () => {
      await newTicket({ phone: '+34610000034', title: 'older' });
      const newer = await newTicket({ phone: '+34610000034', title: 'newer' });
      const p = await create({ title: 'third', phone: '+34610000034', dedupe_customer: true });
      expect(p.ticket.id).to.equal(newer.id);
    });

    it('without a phone, dedupe matches the same email (any case)', async () => {
      const first = await create({ title: 'By email', customer_email: 'mail@example.com' });
      const p = await create({ title: 'By email again', customer_email: 'MAIL@example.com', dedupe_customer: true });
      expect(p).to.include({ deduped: true });
      expect(p.ticket.id).to.equal(first.ticket.id);
      const other = await create({ title: 'Other email', customer_email: 'other@example.com', dedupe_customer: true });
      expect(other).to.include({ created: true });
    });

    it('with a phone, dedupe does not match by email', async () => {
      const first = await create({ title: 'Has phone', phone: '+34610000035', customer_email: 'same@example.com' });
      const p = await create({
        title: 'Other phone',
        phone: '+34610000036',
        customer_email: 'same@example.com',
        dedupe_customer: true,
      });
      expect(p.created).to.equal(true);
      expect(p.ticket.id).to.not.equal(first.ticket.id);
    });
  });

  describe('add_ai_ticket_note', () => {
    it('adds an internal note to the timeline', async () => {
      const t = await newTicket();
      const p = await call('add_ai_ticket_note', { action: 'add', ticket_id: t.id, body: 'Called the courier' });
      expect(p.note).to.include({ kind: 'note', body: 'Called the courier' });
      expect(p.ticket.id).to.equal(t.id);
      expect(Date.parse(p.ticket.updated_at)).to.be.at.least(Date.parse(t.updated_at));
      expect((await call('get_ai_ticket', { ticket_id: t.id })).ticket.notes.map((n: any) => n.body)).to.deep.equal([
        'Called the courier',
      ]);
    });

    it('is allowed on pending_notification and resolved tickets, refused on closed ones', async () => {
      const t = await newTicket();
      await resolve(t.id);
      expect(
        (await call('add_ai_ticket_note', { action: 'add', ticket_id: t.id, body: 'while pending' })).success,
      ).to.equal(true);
      const r = await newTicket();
      await resolve(r.id, { resolve_after_notify: false });
      expect(
        (await call('add_ai_ticket_note', { action: 'add', ticket_id: r.id, body: 'after resolution' })).success,
      ).to.equal(true);
      await call('close_ai_ticket', { action: 'close', ticket_id: r.id });
      expectInvalidState(
        await call('add_ai_ticket_note', { action: 'add', ticket_id: r.id, body: 'too late' }),
        'closed',
        ['open', 'pending_notification', 'resolved'],
      );
    });

    it('unknown ticket → not_found; blank body, bad id → invalid_arguments', async () => {
      expectError(await call('add_ai_ticket_note', { action: 'add', ticket_id: 999999, body: 'x' }), 'not_found');
      const t = await newTicket();
      expectError(
        await call('add_ai_ticket_note', { action: 'add', ticket_id: t.id, body: ' ' }),
        'invalid_arguments',
        'body',
      );
      expectError(
        await call('add_ai_ticket_note', { action: 'add', ticket_id: 0, body: 'x' }),
        'invalid_arguments',
        'ticket_id',
      );
      expectError(
        await call('add_ai_ticket_note', { action: 'add', ticket_id: 'one', body: 'x' }),
        'invalid_arguments',
        'ticket_id',
      );
      expectError(await call('add_ai_ticket_note', { ticket_id: t.id, body: 'x' }), 'invalid_arguments', 'action');
    });
  });

  describe('assign_ai_ticket', () => {
    it('assigns to an agent of the shop and unassigns with 0', async () => {
      const t = await newTicket();
      expect(
        (await call('assign_ai_ticket', { action: 'assign', ticket_id: t.id, assigned_agent_id: agentId })).ticket
          .assigned_agent_id,
      ).to.equal(agentId);
      expect(
        (await call('assign_ai_ticket', { action: 'assign', ticket_id: t.id, assigned_agent_id: 0 })).ticket
          .assigned_agent_id,
      ).to.equal(null);
    });

    it("an unknown agent, or another shop's, → not_found and nothing changes", async () => {
      const t = await newTicket();
      await call('assign_ai_ticket', { action: 'assign', ticket_id: t.id, assigned_agent_id: agentId });
      const unknown = await call('assign_ai_ticket', { action: 'assign', ticket_id: t.id, assigned_agent_id: 999999 });
      expectError(unknown, 'not_found');
      expect(unknown.resource).to.equal('agent');
      expectError(
        await call('assign_ai_ticket', { action: 'assign', ticket_id: t.id, assigned_agent_id: otherShopAgentId }),
        'not_found',
      );
      expect((await call('get_ai_ticket', { ticket_id: t.id })).ticket.assigned_agent_id).to.equal(agentId);
    });

    it('refuses closed tickets, negative ids and a missing agent id', async () => {
      const t = await newTicket();
      await call('close_ai_ticket', { action: 'close', ticket_id: t.id });
      expectInvalidState(
        await call('assign_ai_ticket', { action: 'assign', ticket_id: t.id, assigned_agent_id: agentId }),
        'closed',
        ['open', 'pending_notification', 'resolved'],
      );
      expectError(
        await call('assign_ai_ticket', { action: 'assign', ticket_id: t.id, assigned_agent_id: -1 }),
        'invalid_arguments',
        'assigned_agent_id',
      );
      expectError(
        await call('assign_ai_ticket', { action: 'assign', ticket_id: t.id }),
        'invalid_arguments',
        'assigned_agent_id',
      );
      expectError(
        await call('assign_ai_ticket', { action: 'assign', ticket_id: 999999, assigned_agent_id: 0 }),
        'not_found',
      );
    });
  });

  describe('add_ai_ticket_agent_resolution', () => {
    it('by default stores the resolution, queues a template follow-up and waits in pending_notification', async () => {
      const t = await newTicket({ phone: '+34610000040' });
      const p = await resolve(t.id, { body: 'We refunded the shipping cost.' });
      expect(p.success).to.equal(true);
      expect(p.ticket).to.include({ status: 'pending_notification', resolved_at: null });
      expect(p.resolution).to.include({ kind: 'resolution', body: 'We refunded the shipping cost.' });
      expect(p.followup).to.include({
        status: 'queued',
        composed_by: 'template',
        resolve_after_notify: true,
        phone: '+34610000040',
        ticket_id: t.id,
        sent_at: null,
      });
      expect(p.followup.message).to.include('We refunded the shipping cost.').and.include('Tickets shop');
      expect(p.followup.message).to.not.include('A ticket');
      const got = (await call('get_ai_ticket', { ticket_id: t.id })).ticket;
      expect(got.notes.map((n: any) => n.kind)).to.deep.equal(['resolution']);
      expect(got.followups.map((f: any) => f.status)).to.deep.equal(['queued']);
    });

    it('resolve_after_notify false resolves at once and still queues the follow-up', async () => {
      const t = await newTicket();
      const p = await resolve(t.id, { resolve_after_notify: false });
      expect(p.ticket.status).to.equal('resolved');
      expect(p.ticket.resolved_at).to.be.a('string');
      expect(p.followup).to.include({ status: 'queued', resolve_after_notify: false });
    });

    it('a newer resolution on a pending ticket cancels the queued follow-up and queues its own', async () => {
      const t = await newTicket();
      const first = await resolve(t.id, { body: 'first answer' });
      const second = await resolve(t.id, { body: 'corrected answer' });
      expect(second.ticket.status).to.equal('pending_notification');
      const got = (await call('get_ai_ticket', { ticket_id: t.id })).ticket;
      expect(got.followups.map((f: any) => [f.id, f.status, f.status_reason])).to.deep.equal([
        [first.followup.id, 'cancelled', 'replaced by a newer resolution'],
        [second.followup.id, 'queued', null],
      ]);
    });

    it('greets the customer by name when the customer record has one', async () => {
      const t = await newTicket({ phone: '+34610000041' });
      await call('update_customer', { phone: '+34610000041', name: 'Lucía' });
      expect((await resolve(t.id)).followup.message).to.match(/^Hello Lucía,/);
    });

    it('resolved and closed tickets cannot be resolved', async () => {
      const t = await newTicket();
      await resolve(t.id, { resolve_after_notify: false });
      expectInvalidState(await resolve(t.id), 'resolved', ['open', 'pending_notification']);
      await call('close_ai_ticket', { action: 'close', ticket_id: t.id });
      expectInvalidState(await resolve(t.id), 'closed', ['open', 'pending_notification']);
    });

    it('unknown ticket → not_found; blank body, wrong action → invalid_arguments', async () => {
      expectError(await resolve(999999), 'not_found');
      const t = await newTicket();
      expectError(await resolve(t.id, { body: '' }), 'invalid_arguments', 'body');
      expectError(await resolve(t.id, { action: 'resolve' }), 'invalid_arguments', 'action');
      expectError(await resolve(t.id, { resolve_after_notify: 'yes' }), 'invalid_arguments', 'resolve_after_notify');
    });
  });

  describe('close_ai_ticket', () => {
    it('closes with an internal reason on the timeline, cancelling a queued follow-up', async () => {
      const t = await newTicket();
      await resolve(t.id);
      const p = await call('close_ai_ticket', { action: 'close', ticket_id: t.id, reason: 'Customer unreachable' });
      expect(p.ticket.status).to.equal('closed');
      expect(p.ticket.closed_at).to.be.a('string');
      const got = (await call('get_ai_ticket', { ticket_id: t.id })).ticket;
      expect(got.notes.map((n: any) => [n.kind, n.body])).to.deep.equal([
        ['resolution', 'Refund issued'],
        ['close', 'Customer unreachable'],
      ]);
      expect(got.followups.map((f: any) => [f.status, f.status_reason])).to.deep.equal([
        ['cancelled', 'ticket closed'],
      ]);
    });

    it('closes open and resolved tickets without a reason; closed is final', async () => {
      const open = await newTicket();
      expect((await call('close_ai_ticket', { action: 'close', ticket_id: open.id })).ticket.status).to.equal('closed');
      expect((await call('get_ai_ticket', { ticket_id: open.id })).ticket.notes).to.deep.equal([]);
      const resolved = await newTicket();
      await resolve(resolved.id, { resolve_after_notify: false });
      expect((await call('close_ai_ticket', { action: 'close', ticket_id: resolved.id })).ticket.status).to.equal(
        'closed',
      );
      expectInvalidState(await call('close_ai_ticket', { action: 'close', ticket_id: resolved.id }), 'closed', [
        'open',
        'pending_notification',
        'resolved',
      ]);
    });

    it('unknown ticket → not_found; blank reason → invalid_arguments', async () => {
      expectError(await call('close_ai_ticket', { action: 'close', ticket_id: 999999 }), 'not_found');
      const t = await newTicket();
      expectError(
        await call('close_ai_ticket', { action: 'close', ticket_id: t.id, reason: ' ' }),
        'invalid_arguments',
        'reason',
      );
      expect((await call('get_ai_ticket', { ticket_id: t.id })).ticket.status).to.equal('open');
    });
  });

  describe('reopen_ai_ticket', () => {
    it('reopens a resolved ticket', async () => {
      const t = await newTicket();
      await resolve(t.id, { resolve_after_notify: false });
      const p = await call('reopen_ai_ticket', { ticket_id: t.id });
      expect(p.ticket).to.include({ status: 'open', resolved_at: null });
    });

    it('reopens a pending_notification ticket, cancelling its queued follow-up', async () => {
      const t = await newTicket();
      await resolve(t.id);
      expect((await call('reopen_ai_ticket', { ticket_id: t.id })).ticket.status).to.equal('open');
      const got = (await call('get_ai_ticket', { ticket_id: t.id })).ticket;
      expect(got.followups.map((f: any) => [f.status, f.status_reason])).to.deep.equal([
        ['cancelled', 'ticket reopened'],
      ]);
    });

    it('refuses open and closed tickets', async () => {
      const t = await newTicket();
      expectInvalidState(await call('reopen_ai_ticket', { ticket_id: t.id }), 'open', [
        'pending_notification',
        'resolved',
      ]);
      await call('close_ai_ticket', { action: 'close', ticket_id: t.id });
      const closed = await call('reopen_ai_ticket', { ticket_id: t.id });
      expectInvalidState(closed, 'closed', ['pending_notification', 'resolved']);
      expect(closed.message).to.match(/final/);
      expectError(await call('reopen_ai_ticket', { ticket_id: 999999 }), 'not_found');
    });
  });

  describe('update_ai_ticket', () => {
    it('changes the given fields; null clears description and category', async () => {
      const t = await newTicket({ description: 'old', category: 'old-cat' });
      const p = await call('update_ai_ticket', { ticket_id: t.id, title: 'New title', priority: 'P1', category: null });
      expect(p.ticket).to.include({ title: 'New title', priority: 'P1', category: null, description: 'old' });
      const q = await call('update_ai_ticket', { ticket_id: t.id, description: null, category: 'shipping' });
      expect(q.ticket).to.include({ description: null, category: 'shipping', title: 'New title' });
    });

    it('refuses nothing to change, bad values, closed and unknown tickets', async () => {
      const t = await newTicket();
      expectError(await call('update_ai_ticket', { ticket_id: t.id }), 'invalid_arguments');
      expectError(
        await call('update_ai_ticket', { ticket_id: t.id, priority: 'urgent' }),
        'invalid_arguments',
        'priority',
      );
      expectError(await call('update_ai_ticket', { ticket_id: t.id, title: '  ' }), 'invalid_arguments', 'title');
      expectError(
        await call('update_ai_ticket', { ticket_id: t.id, status: 'resolved' }),
        'invalid_arguments',
        'status',
      );
      expectError(await call('update_ai_ticket', { ticket_id: 999999, title: 'x' }), 'not_found');
      await call('close_ai_ticket', { action: 'close', ticket_id: t.id });
      expectInvalidState(await call('update_ai_ticket', { ticket_id: t.id, title: 'x' }), 'closed', [
        'open',
        'pending_notification',
        'resolved',
      ]);
    });
  });

  describe('list_ai_tickets and get_ai_ticket', () => {
    const phone = '+34620000001';
    let ids: number[];
    before(async () => {
      const a = await newTicket({ phone, title: 'L1', priority: 'P0', category: 'list-cat' });
      const b = await newTicket({ phone, title: 'L2', priority: 'P3', category: 'list-cat' });
      const c = await newTicket({ phone, title: 'L3', priority: 'P0' });
      await call('assign_ai_ticket', { action: 'assign', ticket_id: b.id, assigned_agent_id: agentId });
      await resolve(c.id);
      ids = [a.id, b.id, c.id];
    });

    it('lists newest first with paging', async () => {
      const p = await call('list_ai_tickets', { phone, limit: 2 });
      expect(p).to.include({ count: 3, limit: 2, offset: 0, has_more: true });
      expect(p.tickets.map((t: any) => t.id)).to.deep.equal([ids[2], ids[1]]);
      const rest = await call('list_ai_tickets', { phone, limit: 2, offset: 2 });
      expect(rest.tickets.map((t: any) => t.id)).to.deep.equal([ids[0]]);
      expect(rest.has_more).to.equal(false);
    });

    it('filters by status, priority, category, agent and unassigned, combined', async () => {
      const ofPhone = async (args: Record<string, unknown>) =>
        (await call('list_ai_tickets', { phone: '0034 620 000 001', ...args })).tickets.map((t: any) => t.id);
      expect(await ofPhone({ status: 'pending_notification' })).to.deep.equal([ids[2]]);
      expect(await ofPhone({ priority: 'P0' })).to.deep.equal([ids[2], ids[0]]);
      expect(await ofPhone({ category: 'list-cat' })).to.deep.equal([ids[1], ids[0]]);
      expect(await ofPhone({ assigned_agent_id: agentId })).to.deep.equal([ids[1]]);
      expect(await ofPhone({ assigned_agent_id: 0 })).to.deep.equal([ids[2], ids[0]]);
      expect(await ofPhone({ status: 'open', priority: 'P0' })).to.deep.equal([ids[0]]);
      expect(await ofPhone({ status: 'closed' })).to.deep.equal([]);
    });

    it('refuses bad filters', async () => {
      expectError(await call('list_ai_tickets', { status: 'done' }), 'invalid_arguments', 'status');
      expectError(await call('list_ai_tickets', { phone: 'abc' }), 'invalid_arguments', 'phone');
      expectError(await call('list_ai_tickets', { limit: 500 }), 'invalid_arguments', 'limit');
    });

    it('get_ai_ticket returns the ticket with notes and follow-ups; unknown → not_found', async () => {
      const p = await call('get_ai_ticket', { ticket_id: ids[2] });
      expect(p.ticket).to.have.keys(
        'id',
        'title',
        'description',
        'priority',
        'category',
        'status',
        'phone',
        'customer_email',
        'customer_id',
        'assigned_agent_id',
        'created_at',
        'updated_at',
        'resolved_at',
        'closed_at',
        'notes',
        'followups',
      );
      expect(p.ticket.followups).to.have.length(1);
      expect(p.ticket.followups[0]).to.have.keys(
        'id',
        'ticket_id',
        'status',
        'message',
        'composed_by',
        'resolve_after_notify',
        'phone',
        'customer_email',
        'status_reason',
        'created_at',
        'sent_at',
      );
      expectError(await call('get_ai_ticket', { ticket_id: 999999 }), 'not_found');
      expectError(await call('get_ai_ticket', {}), 'invalid_arguments', 'ticket_id');
    });
  });
});
