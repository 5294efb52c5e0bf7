import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootMarketing, caller } from './helpers.js';

describe('mass_marketing: contact lists and members', () => {
  let k: TestKernel;
  let c: ReturnType<typeof caller>;
  before(async () => {
    k = await bootMarketing();
    c = caller(k, (await k.newShop('Lists shop')).token);
  });
  after(() => k.close());

  const newList = async (name: string) => (await c.ok('create_contact_list', { action: 'create', name })).list;

  describe('create_contact_list / list_contact_lists', () => {
    it('creates an empty list with its description', async () => {
      const p = await c.ok('create_contact_list', {
        action: 'create',
        name: '  Summer sale ',
        description: 'Customers from the fair',
      });
      expect(p.list).to.include({ name: 'Summer sale', description: 'Customers from the fair', member_count: 0 });
      expect(p.list.id).to.be.a('number');
    });

    it('refuses a name the shop already uses (conflict), a blank name, and a missing action', async () => {
      const p = await c.fails('create_contact_list', { action: 'create', name: 'Summer sale' }, 'conflict');
      expect(p.field).to.equal('name');
      await c.fails('create_contact_list', { action: 'create', name: '   ' }, 'invalid_arguments', 'name');
      await c.fails('create_contact_list', { name: 'No action' }, 'invalid_arguments', 'action');
      await c.fails('create_contact_list', { action: 'create', name: 'x'.repeat(101) }, 'invalid_arguments', 'name');
    });

    it('lists newest first with counts, filters by name, pages', async () => {
      await newList('Winter A');
      await newList('Winter B');
      const all = await c.ok('list_contact_lists', { query: 'winter' });
      expect(all.lists.map((l: any) => l.name)).to.deep.equal(['Winter B', 'Winter A']);
      expect(all.count).to.equal(2);
      const page = await c.ok('list_contact_lists', { limit: 1, offset: 1, query: 'winter' });
      expect(page).to.include({ count: 2, limit: 1, offset: 1, has_more: false });
      expect(page.lists[0].name).to.equal('Winter A');
      await c.fails('list_contact_lists', { limit: 0 }, 'invalid_arguments', 'limit');
    });
  });

  describe('add_contacts_to_list', () => {
    it('normalises phones to E.164, merges duplicates and reports invalid rows with index and reason while adding the valid ones', async () => {
      const list = await newList('Add test');
      const p = await c.ok('add_contacts_to_list', {
        action: 'add',
        list_id: list.id,
        contacts: [
          { phone: '+34 600 200 001', name: 'Ana' },
          { phone: '12', name: 'Too short' },
          { phone: '0034600200001', name: 'Ana again' },
          { phone: '+34600200002' },
          { phone: '   ', name: 'Nobody' },
          { phone: '+34600200003', name: 'x'.repeat(201) },
        ],
      });
      expect(p).to.include({ received: 6, added: 2, duplicates: 1, invalid_count: 3 });
      expect(p.list.member_count).to.equal(2);
      expect(p.invalid.map((e: any) => [e.index, e.code])).to.deep.equal([
        [1, 'invalid_phone'],
        [4, 'missing_phone'],
        [5, 'name_too_long'],
      ]);
      expect(p.invalid[0]).to.include({ phone: '12' });
      expect(p.invalid[0].reason).to.match(/international prefix/);
      const detail = await c.ok('get_contact_list_detail', { list_id: list.id });
      expect(detail.members.map((m: any) => [m.phone, m.name])).to.deep.equal([
        ['+34600200001', 'Ana'],
        ['+34600200002', null],
      ]);
    });

    it('keeps an existing member and only fills a missing name', async () => {
      const list = await newList('Merge names');
      await c.ok('add_contacts_to_list', {
        action: 'add',
        list_id: list.id,
        contacts: [{ phone: '+34600200010', name: 'First' }, { phone: '+34600200011' }],
      });
      const p = await c.ok('add_contacts_to_list', {
        action: 'add',
        list_id: list.id,
        contacts: [
          { phone: '+34600200010', name: 'Second' },
          { phone: '+34600200011', name: 'Filled' },
        ],
      });
      expect(p).to.include({ added: 0, duplicates: 2 });
      const { members } = await c.ok('get_contact_list_detail', { list_id: list.id });
      expect(members.map((m: any) => m.name)).to.deep.equal(['First', 'Filled']);
    });

    it('within one call, a phone given twice keeps the first row that has a name', async () => {
      const list = await newList('Dup in call');
      await c.ok('add_contacts_to_list', {
        action: 'add',
        list_id: list.id,
        contacts: [
          { phone: '+34600200020' },
          { phone: '+34600200020', name: 'Named' },
          { phone: '+34600200020', name: 'Later' },
        ],
      });
      const { members } = await c.ok('get_contact_list_detail', { list_id: list.id });
      expect(members).to.have.length(1);
      expect(members[0].name).to.equal('Named');
    });

    it('changes nothing and fails with every row named when no contact is valid', async () => {
      const list = await newList('All bad');
      const p = await c.fails(
        'add_contacts_to_list',
        { action: 'add', list_id: list.id, contacts: [{ phone: 'abc' }, { phone: '99' }] },
        'invalid_arguments',
      );
      expect(p.errors.map((e: any) => e.path)).to.deep.equal(['contacts.0.phone', 'contacts.1.phone']);
      expect((await c.ok('get_contact_list_detail', { list_id: list.id })).list.member_count).to.equal(0);
    });

    it('refuses an unknown list, an empty contacts array and unknown contact fields', async () => {
      await c.fails(
        'add_contacts_to_list',
        { action: 'add', list_id: 999999, contacts: [{ phone: '+34600200030' }] },
        'not_found',
      );
      await c.fails(
        'add_contacts_to_list',
        { action: 'add', list_id: 1, contacts: [] },
        'invalid_arguments',
        'contacts',
      );
      await c.fails(
        'add_contacts_to_list',
        { action: 'add', list_id: 1, contacts: [{ phone: '+34600200030', email: 'x' }] },
        'invalid_arguments',
      );
    });
  });

  describe('get_contact_list_detail', () => {
    it('shows counts, member exclusion flags, phone order, search and paging', async () => {
      const list = await newList('Detail');
      await c.ok('add_contacts_to_list', {
        action: 'add',
        list_id: list.id,
        contacts: [
          { phone: '+34600200043', name: 'Carla' },
          { phone: '+34600200041', name: 'Alba' },
          { phone: '+34600200042', name: 'Berta' },
        ],
      });
      await c.ok('add_to_blacklist', { action: 'add', phone: '+34600200042', reason: 'asked' });
      const p = await c.ok('get_contact_list_detail', { list_id: list.id, limit: 2 });
      expect(p.list).to.include({ member_count: 3, eligible_count: 2, excluded_count: 1 });
      expect(p).to.include({ count: 3, limit: 2, offset: 0, has_more: true });
      expect(p.members.map((m: any) => m.phone)).to.deep.equal(['+34600200041', '+34600200042']);
      expect(p.members[1]).to.include({ blacklisted: true, unsubscribed: false, opted_out: false });
      expect(Date.parse(p.members[0].added_at)).to.not.be.NaN;
      const search = await c.ok('get_contact_list_detail', { list_id: list.id, query: 'carla' });
      expect(search.count).to.equal(1);
      expect(search.members[0].phone).to.equal('+34600200043');
      await c.fails('get_contact_list_detail', { list_id: 999999 }, 'not_found');
    });
  });

  describe('remove_contact_from_list / remove_contacts_bulk', () => {
    it('removes one member and updates the count; a phone not in the list is not_found', async () => {
      const list = await newList('Remove one');
      await c.ok('add_contacts_to_list', {
        action: 'add',
        list_id: list.id,
        contacts: [{ phone: '+34600200051' }, { phone: '+34600200052' }],
      });
      const p = await c.ok('remove_contact_from_list', { list_id: list.id, phone: '0034 600 200 051' });
      expect(p).to.include({ removed: true, phone: '+34600200051' });
      expect(p.list.member_count).to.equal(1);
      await c.fails('remove_contact_from_list', { list_id: list.id, phone: '+34600200051' }, 'not_found');
      await c.fails('remove_contact_from_list', { list_id: list.id, phone: 'nope' }, 'invalid_arguments', 'phone');
    });

    it('removes many, reporting phones not in the list and invalid ones', async () => {
      const list = await newList('Remove many');
      await c.ok('add_contacts_to_list', {
        action: 'add',
        list_id: list.id,
        contacts: [{ phone: '+34600200061' }, { phone: '+34600200062' }, { phone: '+34600200063' }],
      });
      const p = await c.ok('remove_contacts_bulk', {
        list_id: list.id,
        phones: ['+34600200061', '+34 600 200 062', '+34600200069', 'bad'],
      });
      expect(p).to.include({ removed_count: 2 });
      expect(p.removed).to.deep.equal(['+34600200061', '+34600200062']);
      expect(p.not_in_list).to.deep.equal(['+34600200069']);
      expect(p.invalid).to.deep.equal([
        { index: 3, phone: 'bad', reason: 'not a valid phone number with an international prefix' },
      ]);
      expect(p.list.member_count).to.equal(1);
      await c.fails('remove_contacts_bulk', { list_id: list.id, phones: ['bad'] }, 'invalid_arguments', 'phones.0');
    });
  });

  describe('delete_contact_list', () => {
    it('deletes the list with its members; the id is then unknown', async () => {
      const list = await newList('Delete me');
      await c.ok('add_contacts_to_list', { action: 'add', list_id: list.id, contacts: [{ phone: '+34600200071' }] });
      const p = await c.ok('delete_contact_list', { list_id: list.id });
      expect(p).to.include({ deleted: true, id: list.id, members_removed: 1 });
      await c.fails('get_contact_list_detail', { list_id: list.id }, 'not_found');
      await c.fails('delete_contact_list', { list_id: list.id }, 'not_found');
      const rows = await k.orm.em
        .getConnection()
        .execute('select count(*)::int as n from marketing_list_members where list_id = ?', [list.id]);
      expect(rows[0].n).to.equal(0);
    });
  });
});
