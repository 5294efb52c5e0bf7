import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';

/**
 * create_ai_ticket writes several rows (customer, ticket, note). A database failure on the last
 * one — forced with a trigger on ticket_notes — must leave nothing of the call behind.
 */
describe('tickets: create and dedupe failing half way leave nothing half-written', () => {
  let k: TestKernel;
  let token: string;
  const sql = (text: string) => k.orm.em.fork().getConnection().execute(text);

  before(async () => {
    k = await bootKernel({ groups: ['agents', 'customers', 'tickets'] });
    ({ token } = await k.newShop('Ticket transactions shop'));
    await sql(`create or replace function tickets_test_fail_note() returns trigger language plpgsql as $$
      begin if new.body like '%FORCE-FAIL%' then raise exception 'forced failure for a test'; end if; return new; end $$`);
    await sql(
      'create trigger tickets_test_fail_note before insert on ticket_notes for each row execute function tickets_test_fail_note()',
    );
  });
  after(async () => {
    await sql('drop trigger if exists tickets_test_fail_note on ticket_notes');
    await sql('drop function if exists tickets_test_fail_note()');
    await k.close();
  });

  const call = async (tool: string, args: Record<string, unknown> = {}) => (await k.call(token, tool, args)).payload;

  it('a new ticket for a new phone: neither the customer nor the ticket remains', async () => {
    const phone = '+34650000001';
    const { payload, isError } = await k.call(token, 'create_ai_ticket', {
      action: 'create',
      title: 'Doomed',
      phone,
      message: 'FORCE-FAIL',
    });
    expect(isError).to.equal(true);
    expect(payload.error_code).to.equal('internal_error');
    expect((await call('list_ai_tickets', { phone })).count).to.equal(0);
    expect((await call('get_customer', { phone })).error_code).to.equal('not_found');
  });

  it('a dedupe onto an open ticket: its fields and timeline stay as they were', async () => {
    const phone = '+34650000002';
    const created = await call('create_ai_ticket', {
      action: 'create',
      title: 'Original',
      phone,
      priority: 'P3',
      category: 'shipping',
      message: 'first',
    });
    const before = (await call('get_ai_ticket', { ticket_id: created.ticket.id })).ticket;

    const { payload, isError } = await k.call(token, 'create_ai_ticket', {
      action: 'create',
      title: 'Again',
      phone,
      priority: 'P0',
      category: 'billing',
      description: 'changed',
      customer_email: 'late@example.com',
      message: 'FORCE-FAIL',
      dedupe_customer: true,
    });
    expect(isError).to.equal(true);
    expect(payload.error_code).to.equal('internal_error');
    expect((await call('get_ai_ticket', { ticket_id: created.ticket.id })).ticket).to.deep.equal(before);
    expect((await call('get_customer', { phone })).customer.email).to.equal(null);
    expect((await call('list_ai_tickets', { phone })).count).to.equal(1);
  });

  it('the same dedupe without the failure goes through', async () => {
    const phone = '+34650000002';
    const p = await call('create_ai_ticket', {
      action: 'create',
      title: 'Again',
      phone,
      priority: 'P0',
      message: 'fine',
      dedupe_customer: true,
    });
    expect(p).to.include({ deduped: true });
    expect(p.ticket.priority).to.equal('P0');
  });
});
