import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { connectedLine, customerWrites } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { bootMarketing, caller, settled } from './helpers.js';
import { withShop } from '../../../test/fixtures/service-probe/index.js';

const P = (n: number) => `+3460050${String(n).padStart(4, '0')}`;
const csvOf = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `${P(from + i)},Person ${from + i}`).join('\n');

describe('mass_marketing: imports', () => {
  let k: TestKernel;
  let c: ReturnType<typeof caller>;
  let token: string;
  let shopId: number;
  before(async () => {
    // Imports above 20 rows become jobs; jobs merge 100 rows per step.
    k = await bootMarketing({
      groups: ['agents', 'tickets', 'crm'],
      probe: true,
      config: { inlineImportMaxRows: 20, importChunkRows: 100, maxStoredImportErrors: 3 },
    });
    ({ token, shopId } = await k.newShop('Imports shop', { credits: 1_000_000 }));
    c = caller(k, token);
  });
  after(() => k.close());

  const newList = async (name: string) => (await c.ok('create_contact_list', { action: 'create', name })).list;
  const members = async (listId: number) =>
    (await c.ok('get_contact_list_detail', { list_id: listId, limit: 100 })).members.map((m: any) => [m.phone, m.name]);

  describe('import_marketing_contacts from CSV', () => {
    it('reads a header in any column order, semicolons, quotes and CRLF; reports bad rows by line; completes in the call when small', async () => {
      const list = await newList('CSV header');
      const csv =
        'Nombre;Teléfono\r\n"Díaz; Ana";+34 600 500 001\r\n\r\nBea;not a phone\r\n"Carl ""C""";0034600500002\r\n;\r\n';
      const p = await c.ok('import_marketing_contacts', { list_id: list.id, source: 'csv', csv_text: csv });
      expect(p.import).to.include({
        status: 'completed',
        source: 'csv',
        added_count: 2,
        invalid_count: 2,
        progress_percent: 100,
      });
      expect(p).to.include({ received: 4, added: 2, duplicates: 0, invalid_count: 2 });
      expect(p.invalid.map((e: any) => [e.line, e.code])).to.deep.equal([
        [4, 'invalid_phone'],
        [6, 'missing_phone'],
      ]);
      expect(await members(list.id)).to.deep.equal([
        ['+34600500001', 'Díaz; Ana'],
        ['+34600500002', 'Carl "C"'],
      ]);
      expect(p.list.member_count).to.equal(2);
    });

    it('reads a headerless CSV as phone then name; has_header false keeps a first row that looks like a header as data', async () => {
      const list = await newList('CSV plain');
      const p = await c.ok('import_marketing_contacts', {
        list_id: list.id,
        csv_text: `${P(10)},Dani\n${P(11)}\n${P(10)},Again`,
      });
      expect(p).to.include({ added: 2, duplicates: 1, invalid_count: 0 });
      const forced = await c.ok('import_marketing_contacts', {
        list_id: list.id,
        csv_text: `phone,name\n${P(12)},Eva`,
        has_header: false,
      });
      expect(forced.invalid.map((e: any) => [e.line, e.value])).to.deep.equal([[1, 'phone']]);
      expect(forced.added).to.equal(1);
    });

    it('refuses a header that names no phone column, a CSV with no valid row, and misplaced arguments', async () => {
      const list = await newList('CSV refused');
      await c.fails(
        'import_marketing_contacts',
        { list_id: list.id, csv_text: 'foo,bar\n+34600500020,X', has_header: true },
        'invalid_arguments',
        'csv_text',
      );
      const bad = await c.fails(
        'import_marketing_contacts',
        { list_id: list.id, csv_text: 'nope\nnada' },
        'invalid_arguments',
      );
      expect(bad.errors).to.have.length(2);
      await c.fails('import_marketing_contacts', { list_id: list.id, source: 'csv' }, 'invalid_arguments', 'csv_text');
      await c.fails(
        'import_marketing_contacts',
        { list_id: list.id, csv_text: 'x', tags: ['a'] },
        'invalid_arguments',
        'tags',
      );
      await c.fails(
        'import_marketing_contacts',
        { list_id: list.id, source: 'customers', csv_text: 'x' },
        'invalid_arguments',
        'csv_text',
      );
      await c.fails(
        'import_marketing_contacts',
        { list_id: list.id, csv_text: '   ' },
        'invalid_arguments',
        'csv_text',
      );
      await c.fails('import_marketing_contacts', { list_id: 999999, csv_text: `${P(1)},A` }, 'not_found');
      expect((await c.ok('get_contact_list_detail', { list_id: list.id })).list.member_count).to.equal(0);
      const { count } = await c.ok('list_contact_lists', { query: 'CSV refused' });
      expect(count).to.equal(1);
    });

    it('runs a large import as a job: queued, then completed with counts and its bad rows (stored up to the configured number)', async () => {
      const list = await newList('CSV job');
      const csv = [
        'phone,name',
        csvOf(100, 250),
        'bad-1,x',
        'bad-2,x',
        'bad-3,x',
        'bad-4,x',
        `${P(100)},Duplicate`,
      ].join('\n');
      const p = await c.ok('import_marketing_contacts', { list_id: list.id, csv_text: csv });
      expect(p.import).to.include({ status: 'queued', total_rows: 256 });
      expect(p.message).to.match(/get_import_status/);
      const done = await settled(c.call, p.import.id);
      expect(done.import).to.include({
        status: 'completed',
        processed_rows: 255,
        added_count: 250,
        duplicate_count: 1,
        invalid_count: 4,
        total_rows: 255,
        attempts: 1,
      });
      expect(done.errors.map((e: any) => [e.line, e.value, e.code])).to.deep.equal([
        [252, 'bad-1', 'invalid_phone'],
        [253, 'bad-2', 'invalid_phone'],
        [254, 'bad-3', 'invalid_phone'],
      ]);
      expect(done).to.include({ count: 3, errors_truncated: true });
      const page = await c.ok('get_import_status', { import_id: p.import.id, limit: 1, offset: 1 });
      expect(page.errors.map((e: any) => e.line)).to.deep.equal([253]);
      expect((await c.ok('get_contact_list_detail', { list_id: list.id })).list.member_count).to.equal(250);
      await c.fails('get_import_status', { import_id: 999999 }, 'not_found');
    });

    it('a job that cannot run is marked failed with the reason, and the list is left as it was', async () => {
      const list = await newList('CSV fails');
      await c.ok('add_contacts_to_list', {
        action: 'add',
        list_id: list.id,
        contacts: [{ phone: P(900), name: 'Before' }],
      });
      const p = await c.ok('import_marketing_contacts', {
        list_id: list.id,
        csv_text: `foo,bar\n${csvOf(300, 30)}`,
        has_header: true,
      });
      expect(p.import.status).to.equal('queued');
      const done = await settled(c.call, p.import.id);
      expect(done.import).to.include({ status: 'failed', added_count: 0 });
      expect(done.import.error).to.match(/names no phone column/);
      expect(await members(list.id)).to.deep.equal([[P(900), 'Before']]);
    });
  });

  describe('import_contacts_manual', () => {
    it('takes typed numbers as text or as a list and reports invalid ones by index', async () => {
      const list = await newList('Manual');
      const p = await c.ok('import_contacts_manual', {
        list_id: list.id,
        numbers: `${P(30)}\n+34 600 500 031; 123\n, ${P(30)}`,
      });
      expect(p).to.include({ received: 4, added: 2, duplicates: 1, invalid_count: 1 });
      expect(p.invalid).to.deep.equal([{ index: 2, value: '123', code: 'invalid_phone', reason: p.invalid[0].reason }]);
      const arr = await c.ok('import_contacts_manual', { list_id: list.id, numbers: [P(32), P(33)] });
      expect(arr.added).to.equal(2);
      await c.fails('import_contacts_manual', { list_id: list.id, numbers: ' ,; ' }, 'invalid_arguments', 'numbers');
      await c.fails('import_contacts_manual', { list_id: list.id, numbers: ['x'] }, 'invalid_arguments', 'numbers.0');
    });
  });

  describe('import from the shop’s own records', () => {
    before(async () => {
      for (const [n, tag, name] of [
        [40, 'VIP', 'Vera'],
        [41, 'vip', null],
        [42, 'wholesale', 'Walt'],
        [43, 'churned', 'Chris'],
      ] as const) {
        await c.ok('add_customer_tag', { action: 'add', phone: P(n), tag_name: tag });
        if (name) await c.ok('update_customer', { phone: P(n), name });
      }
      await c.ok('add_customer_tag', { action: 'add', phone: P(43), tag_name: 'VIP' });
    });

    it('customers: all of them, or by tags and exclude_tags, with their names', async () => {
      const all = await newList('From customers');
      const p = await c.ok('import_marketing_contacts', { list_id: all.id, source: 'customers' });
      expect(p.import).to.include({ status: 'completed', source: 'customers', added_count: 4 });
      const vip = await newList('VIP customers');
      await c.ok('import_marketing_contacts', {
        list_id: vip.id,
        source: 'customers',
        tags: ['Vip'],
        exclude_tags: ['churned'],
      });
      expect(await members(vip.id)).to.deep.equal([
        [P(40), 'Vera'],
        [P(41), null],
      ]);
      await c.fails(
        'import_marketing_contacts',
        { list_id: vip.id, source: 'customers', stages: ['won'] },
        'invalid_arguments',
        'stages',
      );
    });

    it('customers: a large set becomes a job', async () => {
      const list = await newList('Many customers');
      await c.ok('bulk_add_to_blacklist', { action: 'bulk', phones: [P(1)] });
      for (let i = 0; i < 25; i++)
        await c.ok('add_customer_tag', { action: 'add', phone: P(600 + i), tag_name: 'bulk' });
      const p = await c.ok('import_marketing_contacts', { list_id: list.id, source: 'customers', tags: ['bulk'] });
      expect(p.import.status).to.equal('queued');
      const done = await settled(c.call, p.import.id);
      expect(done.import).to.include({ status: 'completed', added_count: 25 });
    });

    it('crm: CRM customers by stage and by their customer tags', async () => {
      await c.ok('create_crm_customer', { action: 'create', whatsapp_number: P(40) });
      const won = await c.ok('create_crm_customer', { action: 'create', whatsapp_number: P(44) });
      await c.ok('move_crm_customer_stage', { crm_customer_id: won.crm_customer.id, stage: 'won' });
      await c.ok('update_crm_customer', { crm_customer_id: won.crm_customer.id, name: 'Winner' });
      const byStage = await newList('CRM won');
      await c.ok('import_marketing_contacts', { list_id: byStage.id, source: 'crm', stages: ['won'] });
      expect(await members(byStage.id)).to.deep.equal([[P(44), 'Winner']]);
      const byTag = await newList('CRM vip');
      await c.ok('import_marketing_contacts', { list_id: byTag.id, source: 'crm', tags: ['vip'] });
      expect((await members(byTag.id)).map((m: any) => m[0])).to.deep.equal([P(40)]);
    });

    it('import_contacts_from_conversations: the phones with chat history', async () => {
      const line = await connectedLine(k, token);
      await customerWrites(k, token, line.session_key, P(40), 'Hi');
      await customerWrites(k, token, line.session_key, P(50), 'Hello');
      await customerWrites(k, token, line.session_key, P(50), 'Again');
      await waitFor(
        'messages stored',
        async () => (await c.ok('list_chatapp_messages', { direction: 'inbound' })).count === 3,
      );
      const list = await newList('From chats');
      const p = await c.ok('import_contacts_from_conversations', { list_id: list.id });
      expect(p.import).to.include({ status: 'completed', source: 'conversations', added_count: 2 });
      expect(await members(list.id)).to.deep.equal([
        [P(40), 'Vera'],
        [P(50), null],
      ]);
      await c.fails('import_contacts_from_conversations', { list_id: 999999 }, 'not_found');
    });

    it('create_list_from_inactive: customers whose last contact (or creation, if never contacted) is older than the days', async () => {
      const conn = k.orm.em.getConnection();
      await conn.execute(
        `update customers set created_at = now() - interval '100 days' where shop_id = ? and phone in (?, ?, ?)`,
        [shopId, P(40), P(41), P(42)],
      );
      await conn.execute(
        `update customers set last_contact_at = now() - interval '40 days' where shop_id = ? and phone = ?`,
        [shopId, P(41)],
      );
      await conn.execute(
        `update customers set last_contact_at = now() - interval '1 day' where shop_id = ? and phone = ?`,
        [shopId, P(42)],
      );
      const p = await c.ok('create_list_from_inactive', { days: 30, name: 'Inactive 30' });
      expect(p.list).to.include({ name: 'Inactive 30', member_count: 2 });
      expect(p.import).to.deep.include({ source: 'inactive', status: 'completed', params: { days: 30 } });
      expect((await members(p.list.id)).map((m: any) => m[0])).to.deep.equal([P(40), P(41)]);
      await c.fails('create_list_from_inactive', { days: 30, name: 'Inactive 30' }, 'conflict');
      await c.fails('create_list_from_inactive', { days: 0, name: 'Zero' }, 'invalid_arguments', 'days');
    });

    it('create_list_from_followup: customers with a queued ticket follow-up', async () => {
      const ticket = await c.ok('create_ai_ticket', { action: 'create', title: 'Order late', phone: P(60) });
      await c.ok('add_ai_ticket_agent_resolution', {
        action: 'add',
        ticket_id: ticket.ticket.id,
        body: 'Shipped today',
      });
      const closed = await c.ok('create_ai_ticket', { action: 'create', title: 'Other', phone: P(61) });
      await c.ok('add_ai_ticket_agent_resolution', { action: 'add', ticket_id: closed.ticket.id, body: 'Done' });
      await c.ok('close_ai_ticket', { action: 'close', ticket_id: closed.ticket.id });
      const p = await c.ok('create_list_from_followup', { name: 'Follow-ups' });
      expect(p.import).to.include({ source: 'followup', status: 'completed' });
      expect((await members(p.list.id)).map((m: any) => m[0])).to.deep.equal([P(60)]);
      const named = await c.ok('create_list_from_followup', {});
      expect(named.list.name).to.match(/^Pending follow-ups \d{4}-\d\d-\d\d \d\d:\d\d$/);
    });
  });

  describe('streamed CSV (uploads, large files)', () => {
    it('imports chunk by chunk with a record, in the caller’s transaction', async () => {
      const list = await newList('Streamed');
      async function* chunks() {
        yield 'phone,name\n+34600500';
        yield `701,Split across chunks\n${csvOf(702, 150)}\nbroken,row\n`;
      }
      const r = await withShop<any>(
        shopId,
        (ctx) => ctx.services.marketingContactImportsService.fromCsvStream(list.id, chunks(), undefined),
        { transactional: true },
      );
      expect(r).to.include({ received: 152, added: 151, invalid_count: 1 });
      expect(r.import).to.deep.include({ status: 'completed', source: 'csv', params: { streamed: true } });
      const status = await c.ok('get_import_status', { import_id: r.import.id });
      expect(status.errors).to.deep.equal([
        { line: 153, value: 'broken', code: 'invalid_phone', reason: status.errors[0].reason },
      ]);
      expect((await members(list.id))[0]).to.deep.equal([P(701), 'Split across chunks']);
    });

    it('a failure half way (after earlier steps merged) rolls the whole import back', async () => {
      const list = await newList('Streamed fails');
      await c.ok('add_contacts_to_list', {
        action: 'add',
        list_id: list.id,
        contacts: [{ phone: P(950), name: 'Kept' }],
      });
      async function* broken() {
        yield `${csvOf(800, 150)}\n`;
        throw new Error('the upload was cut off');
      }
      let failure: Error | undefined;
      await withShop(
        shopId,
        (ctx) => ctx.services.marketingContactImportsService.fromCsvStream(list.id, broken(), false),
        {
          transactional: true,
        },
      ).catch((err: Error) => (failure = err));
      expect(failure?.message).to.equal('the upload was cut off');
      // PostgreSQL refuses a NUL character: the second step fails after the first (100 rows) merged.
      const rows = Array.from({ length: 200 }, (_, i) => `${P(800 + i)},${i === 149 ? 'Bad\u0000name' : `N${i}`}`);
      failure = undefined;
      await withShop(
        shopId,
        (ctx) => ctx.services.marketingContactImportsService.fromCsvStream(list.id, [rows.join('\n')], false),
        { transactional: true },
      ).catch((err: Error) => (failure = err));
      expect(failure).to.be.instanceOf(Error);
      expect(await members(list.id)).to.deep.equal([[P(950), 'Kept']]);
      expect((await c.ok('get_contact_list_detail', { list_id: list.id })).list.member_count).to.equal(1);
      const imports = await k.orm.em
        .getConnection()
        .execute('select count(*)::int as n from marketing_imports where list_id = ?', [list.id]);
      expect(imports[0].n).to.equal(0);
    });
  });
});

describe('mass_marketing: create_list_from_followup without the tickets group', () => {
  let k: TestKernel;
  after(() => k?.close());
  it('is refused with group_not_enabled and creates no list', async () => {
    k = await bootMarketing();
    const c = caller(k, (await k.newShop('No tickets')).token);
    const p = await c.fails('create_list_from_followup', { name: 'X' }, 'group_not_enabled');
    expect(p.group).to.equal('tickets');
    await c.fails(
      'import_marketing_contacts',
      { list_id: (await c.ok('create_contact_list', { action: 'create', name: 'L' })).list.id, source: 'crm' },
      'group_not_enabled',
    );
    expect((await c.ok('list_contact_lists', {})).count).to.equal(1);
  });
});
