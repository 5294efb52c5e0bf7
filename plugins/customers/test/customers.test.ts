import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';

describe('customers group', () => {
  let k: TestKernel;
  let token: string;

  before(async () => {
    k = await bootKernel({ groups: ['customers'] });
    ({ token } = await k.newShop('Customers shop'));
  });
  after(() => k.close());

  const call = async (tool: string, args: Record<string, unknown> = {}) => (await k.call(token, tool, args)).payload;
  const comment = (phone: string, text: string, extra: Record<string, unknown> = {}) =>
    call('add_customer_comment', { action: 'add', phone, comment: text, ...extra });
  const tag = (phone: string, tag_name: string, extra: Record<string, unknown> = {}) =>
    call('add_customer_tag', { action: 'add', phone, tag_name, ...extra });
  const expectError = (payload: any, code: string, path?: string) => {
    expect(payload.success, JSON.stringify(payload)).to.equal(false);
    expect(payload.error_code, JSON.stringify(payload)).to.equal(code);
    if (path) expect(payload.errors.map((e: any) => e.path)).to.include(path);
  };

  describe('add_customer_comment', () => {
    it('creates the customer for a new phone, normalised to E.164, with agent_name "Assistant" by default', async () => {
      const p = await comment('0034 600 100 001', 'Asked about delivery times');
      expect(p.success).to.equal(true);
      expect(p.customer_created).to.equal(true);
      expect(p.customer).to.include({ phone: '+34600100001', name: null, email: null, last_contact_at: null });
      expect(p.customer.tags).to.deep.equal([]);
      expect(p.comment).to.include({ comment: 'Asked about delivery times', agent_name: 'Assistant' });
      expect(p.comment.id).to.be.a('number');
      expect(Date.parse(p.comment.created_at)).to.be.a('number').and.not.NaN;
    });

    it('adds to the existing customer when the phone is known, with the given agent_name', async () => {
      const p = await comment('+34 600 100 001', 'Second note', { agent_name: 'Laura' });
      expect(p.customer_created).to.equal(false);
      expect(p.comment.agent_name).to.equal('Laura');
      const got = await call('get_customer', { phone: '+34600100001' });
      expect(got.customer.comment_count).to.equal(2);
    });

    it('accepts the shared schema fields and ignores them', async () => {
      const p = await comment('+34600100002', 'With extras', {
        query: 'x',
        limit: 3,
        tag_name: 'ignored-tag',
        tag_color: 'not-a-color',
        primary_phone: 'garbage',
        secondary_phone: '+34600100001',
      });
      expect(p.success).to.equal(true);
      expect(p.customer.tags).to.deep.equal([]);
      expect((await call('get_customer', { phone: '+34600100001' })).customer.comment_count).to.equal(2);
    });

    it('refuses an invalid phone, naming the field', async () => {
      expectError(await comment('12', 'x'), 'invalid_arguments', 'phone');
      expectError(await comment('+34 abc', 'x'), 'invalid_arguments', 'phone');
    });

    it('refuses a missing or blank comment, a missing action and unknown arguments', async () => {
      expectError(
        await call('add_customer_comment', { action: 'add', phone: '+34600100003' }),
        'invalid_arguments',
        'comment',
      );
      expectError(await comment('+34600100003', '   '), 'invalid_arguments', 'comment');
      expectError(
        await call('add_customer_comment', { phone: '+34600100003', comment: 'x' }),
        'invalid_arguments',
        'action',
      );
      expectError(await comment('+34600100003', 'x', { colour: 'red' }), 'invalid_arguments', 'colour');
      expectError(await comment('+34600100003', 'x', { agent_name: '' }), 'invalid_arguments', 'agent_name');
      expectError(await call('get_customer', { phone: '+34600100003' }), 'not_found');
    });
  });

  describe('add_customer_tag', () => {
    it('tags with the default color #2563eb, creating the customer when new', async () => {
      const p = await tag('+34600200001', 'VIP');
      expect(p.success).to.equal(true);
      expect(p.customer_created).to.equal(true);
      expect(p.tag_created).to.equal(true);
      expect(p.tag).to.include({ name: 'VIP', color: '#2563eb' });
      expect(p.customer.tags.map((t: any) => [t.name, t.color])).to.deep.equal([['VIP', '#2563eb']]);
    });

    it('adding the same name again (any case) only updates its color', async () => {
      const p = await tag('+34600200001', 'vip', { tag_color: '#FF0000' });
      expect(p.tag_created).to.equal(false);
      expect(p.customer_created).to.equal(false);
      expect(p.tag).to.include({ name: 'VIP', color: '#ff0000' });
      const tags = await call('list_customer_tags', { phone: '+34600200001' });
      expect(tags.tags.map((t: any) => [t.name, t.color])).to.deep.equal([['VIP', '#ff0000']]);
    });

    it('validates tag_color as #RRGGBB', async () => {
      for (const color of ['#12345', 'blue', '#12345g', '2563eb', '#2563eb0']) {
        expectError(await tag('+34600200001', 'Bad', { tag_color: color }), 'invalid_arguments', 'tag_color');
      }
    });

    it('refuses a blank or too long tag name and an invalid phone', async () => {
      expectError(await tag('+34600200001', '  '), 'invalid_arguments', 'tag_name');
      expectError(await tag('+34600200001', 'x'.repeat(51)), 'invalid_arguments', 'tag_name');
      expectError(await tag('not a phone', 'VIP'), 'invalid_arguments', 'phone');
    });

    it('accepts the shared schema fields and ignores them', async () => {
      const p = await tag('+34600200001', 'Wholesale', {
        comment: 'ignored',
        agent_name: 'X',
        query: 'q',
        limit: 1,
        primary_phone: 'a',
        secondary_phone: 'b',
      });
      expect(p.success).to.equal(true);
      const got = await call('get_customer', { phone: '+34600200001' });
      expect(got.customer.comment_count).to.equal(0);
      expect(got.customer.tags.map((t: any) => t.name)).to.deep.equal(['VIP', 'Wholesale']);
    });
  });

  describe('get_customer, list_customer_comments, list_customer_tags', () => {
    const phone = '+34600300001';
    before(async () => {
      for (let i = 1; i <= 7; i++) await comment(phone, `note ${i}`);
      await tag(phone, 'b-tag');
      await tag(phone, 'a-tag', { tag_color: '#00aa00' });
      await tag(phone, 'c-tag');
    });

    it('get_customer returns the record with tags, comment_count and the 5 latest comments', async () => {
      const p = await call('get_customer', { phone: '0034600300001' });
      expect(p.success).to.equal(true);
      const c = p.customer;
      expect(c).to.have.keys(
        'id',
        'phone',
        'name',
        'email',
        'tags',
        'created_at',
        'updated_at',
        'last_contact_at',
        'comment_count',
        'recent_comments',
      );
      expect(c.phone).to.equal(phone);
      expect(c.comment_count).to.equal(7);
      expect(c.recent_comments.map((r: any) => r.comment)).to.deep.equal([
        'note 7',
        'note 6',
        'note 5',
        'note 4',
        'note 3',
      ]);
      expect(c.tags.map((t: any) => t.name)).to.deep.equal(['a-tag', 'b-tag', 'c-tag']);
    });

    it('get_customer: unknown phone → not_found, invalid → invalid_arguments', async () => {
      expectError(await call('get_customer', { phone: '+34600399999' }), 'not_found');
      expectError(await call('get_customer', { phone: 'abc' }), 'invalid_arguments', 'phone');
      expectError(await call('get_customer', {}), 'invalid_arguments', 'phone');
    });

    it('list_customer_comments pages newest first', async () => {
      const first = await call('list_customer_comments', { phone, limit: 3 });
      expect(first).to.include({ count: 7, limit: 3, offset: 0, has_more: true, phone });
      expect(first.comments.map((r: any) => r.comment)).to.deep.equal(['note 7', 'note 6', 'note 5']);
      const last = await call('list_customer_comments', { phone, limit: 3, offset: 6 });
      expect(last).to.include({ count: 7, has_more: false });
      expect(last.comments.map((r: any) => r.comment)).to.deep.equal(['note 1']);
      expectError(await call('list_customer_comments', { phone, limit: 0 }), 'invalid_arguments', 'limit');
      expectError(await call('list_customer_comments', { phone, limit: 101 }), 'invalid_arguments', 'limit');
      expectError(await call('list_customer_comments', { phone: '+34600399999' }), 'not_found');
    });

    it('list_customer_tags lists in name order with paging', async () => {
      const p = await call('list_customer_tags', { phone });
      expect(p).to.include({ count: 3, limit: 20, offset: 0, has_more: false });
      expect(p.tags.map((t: any) => [t.name, t.color])).to.deep.equal([
        ['a-tag', '#00aa00'],
        ['b-tag', '#2563eb'],
        ['c-tag', '#2563eb'],
      ]);
      const page = await call('list_customer_tags', { phone, limit: 1, offset: 1 });
      expect(page.tags.map((t: any) => t.name)).to.deep.equal(['b-tag']);
      expect(page.has_more).to.equal(true);
      expectError(await call('list_customer_tags', { phone: '+34600399999' }), 'not_found');
    });
  });

  describe('remove_customer_tag', () => {
    it('removes a tag by name (any case) and answers the customer without it', async () => {
      await tag('+34600400001', 'Late payer');
      await tag('+34600400001', 'Friend');
      const p = await call('remove_customer_tag', { phone: '+34600400001', tag_name: 'LATE PAYER' });
      expect(p).to.include({ success: true, removed: true, tag_name: 'Late payer' });
      expect(p.customer.tags.map((t: any) => t.name)).to.deep.equal(['Friend']);
      expect((await call('list_customer_tags', { phone: '+34600400001' })).count).to.equal(1);
    });

    it('an unknown tag or customer → not_found', async () => {
      expectError(await call('remove_customer_tag', { phone: '+34600400001', tag_name: 'Nope' }), 'not_found');
      expectError(await call('remove_customer_tag', { phone: '+34600499999', tag_name: 'Friend' }), 'not_found');
      expectError(await call('remove_customer_tag', { phone: '+34600400001' }), 'invalid_arguments', 'tag_name');
    });
  });

  describe('update_customer', () => {
    const phone = '+34600500001';
    before(() => comment(phone, 'created'));

    it('sets name and email; omitted fields stay', async () => {
      const p = await call('update_customer', { phone, name: 'Ana Ruiz', email: 'Ana@Example.com' });
      expect(p.customer).to.include({ name: 'Ana Ruiz', email: 'ana@example.com', phone });
      const q = await call('update_customer', { phone, name: 'Ana María Ruiz' });
      expect(q.customer).to.include({ name: 'Ana María Ruiz', email: 'ana@example.com' });
      expect(Date.parse(q.customer.updated_at)).to.be.at.least(Date.parse(q.customer.created_at));
    });

    it('null clears a field', async () => {
      const p = await call('update_customer', { phone, email: null });
      expect(p.customer).to.include({ name: 'Ana María Ruiz', email: null });
    });

    it('refuses no fields, a bad email, a blank name and an unknown phone', async () => {
      expectError(await call('update_customer', { phone }), 'invalid_arguments');
      expectError(await call('update_customer', { phone, email: 'not-an-email' }), 'invalid_arguments', 'email');
      expectError(await call('update_customer', { phone, name: '   ' }), 'invalid_arguments', 'name');
      expectError(await call('update_customer', { phone: '+34600599999', name: 'X' }), 'not_found');
    });
  });

  describe('search_customers and list_customers', () => {
    before(async () => {
      await comment('+44 7911 123456', 'uk');
      await call('update_customer', { phone: '+447911123456', name: 'Oliver Twist', email: 'oliver@orphans.example' });
      await comment('+34611222333', 'es');
      await call('update_customer', { phone: '+34611222333', name: 'Carmen 100%_Real' });
      await tag('+34611222333', 'Searchable');
      await tag('+447911123456', 'searchable');
    });

    it('finds by part of the name or email, any case', async () => {
      const byName = await call('search_customers', { query: 'twi' });
      expect(byName.customers.map((c: any) => c.phone)).to.deep.equal(['+447911123456']);
      expect(byName.count).to.equal(1);
      const byEmail = await call('search_customers', { query: 'ORPHANS' });
      expect(byEmail.customers.map((c: any) => c.phone)).to.deep.equal(['+447911123456']);
    });

    it('finds by the digits of the phone, whatever the formatting', async () => {
      const p = await call('search_customers', { query: '611 222' });
      expect(p.customers.map((c: any) => c.phone)).to.deep.equal(['+34611222333']);
      expect(p.customers[0].tags.map((t: any) => t.name)).to.deep.equal(['Searchable']);
    });

    it('takes % and _ literally', async () => {
      expect((await call('search_customers', { query: '%_real' })).count).to.equal(1);
      expect((await call('search_customers', { query: '%' })).customers.map((c: any) => c.phone)).to.deep.equal([
        '+34611222333',
      ]);
    });

    it('limits results and reports the total count', async () => {
      const all = await call('search_customers', { query: '346' });
      expect(all.count).to.be.greaterThan(2);
      const one = await call('search_customers', { query: '346', limit: 1 });
      expect(one.customers).to.have.length(1);
      expect(one).to.include({ count: all.count, limit: 1, has_more: true });
    });

    it('an unmatched query is an empty result; a blank one is invalid', async () => {
      const p = await call('search_customers', { query: 'zzzz-no-such' });
      expect(p).to.include({ success: true, count: 0, has_more: false });
      expect(p.customers).to.deep.equal([]);
      expectError(await call('search_customers', { query: '  ' }), 'invalid_arguments', 'query');
      expectError(await call('search_customers', {}), 'invalid_arguments', 'query');
    });

    it('list_customers pages newest first and filters by tag (any case), keeping every tag', async () => {
      const page = await call('list_customers', { limit: 2 });
      expect(page.customers).to.have.length(2);
      expect(page.customers[0].id).to.be.greaterThan(page.customers[1].id);
      expect(page.has_more).to.equal(true);
      const total = page.count;
      const rest = await call('list_customers', { limit: 100, offset: 2 });
      expect(rest.customers).to.have.length(total - 2);

      await tag('+34611222333', 'Other');
      const tagged = await call('list_customers', { tag: 'SEARCHABLE' });
      expect(tagged.count).to.equal(2);
      expect(tagged.customers.map((c: any) => c.phone)).to.have.members(['+34611222333', '+447911123456']);
      const carmen = tagged.customers.find((c: any) => c.phone === '+34611222333');
      expect(carmen.tags.map((t: any) => t.name)).to.deep.equal(['Other', 'Searchable']);
      expect((await call('list_customers', { tag: 'no-such-tag' })).count).to.equal(0);
    });
  });

  describe('merge_customers', () => {
    const primary = '+34600600001';
    const secondary = '+34600600002';
    before(async () => {
      await comment(primary, 'primary note');
      await tag(primary, 'VIP', { tag_color: '#111111' });
      await call('update_customer', { phone: primary, email: 'primary@example.com' });
      await comment(secondary, 'secondary note 1');
      await comment(secondary, 'secondary note 2');
      await tag(secondary, 'vip', { tag_color: '#222222' });
      await tag(secondary, 'Wholesale');
      await call('update_customer', { phone: secondary, name: 'Secondary Name', email: 'secondary@example.com' });
    });

    it('refuses merging a customer with itself, also when written differently', async () => {
      expectError(
        await call('merge_customers', { primary_phone: primary, secondary_phone: primary }),
        'invalid_arguments',
        'secondary_phone',
      );
      expectError(
        await call('merge_customers', { primary_phone: primary, secondary_phone: '0034 600 600 001' }),
        'invalid_arguments',
        'secondary_phone',
      );
    });

    it('unknown phones → not_found; invalid ones name their field', async () => {
      expectError(
        await call('merge_customers', { primary_phone: '+34600699999', secondary_phone: secondary }),
        'not_found',
      );
      expectError(
        await call('merge_customers', { primary_phone: primary, secondary_phone: '+34600699999' }),
        'not_found',
      );
      expectError(
        await call('merge_customers', { primary_phone: 'x', secondary_phone: secondary }),
        'invalid_arguments',
        'primary_phone',
      );
      expectError(
        await call('merge_customers', { primary_phone: primary, secondary_phone: '12' }),
        'invalid_arguments',
        'secondary_phone',
      );
      expectError(await call('merge_customers', { primary_phone: primary }), 'invalid_arguments', 'secondary_phone');
    });

    it('moves comments and tags to the primary, dedupes tags by name, fills gaps and deletes the secondary', async () => {
      const secondaryId = (await call('get_customer', { phone: secondary })).customer.id;
      const p = await call('merge_customers', { primary_phone: primary, secondary_phone: secondary });
      expect(p.success, JSON.stringify(p)).to.equal(true);
      expect(p.merged).to.deep.equal({
        secondary_id: secondaryId,
        secondary_phone: secondary,
        comments_moved: 2,
        tags_moved: 1,
        tags_already_present: 1,
      });
      expect(p.customer).to.include({ phone: primary, name: 'Secondary Name', email: 'primary@example.com' });
      expect(p.customer.tags.map((t: any) => [t.name, t.color])).to.deep.equal([
        ['VIP', '#111111'],
        ['Wholesale', '#2563eb'],
      ]);

      const got = await call('get_customer', { phone: primary });
      expect(got.customer.comment_count).to.equal(3);
      expect(got.customer.recent_comments.map((c: any) => c.comment)).to.have.members([
        'primary note',
        'secondary note 1',
        'secondary note 2',
      ]);
      expect(got.customer.tags.map((t: any) => t.name)).to.deep.equal(['VIP', 'Wholesale']);
      expectError(await call('get_customer', { phone: secondary }), 'not_found');
      expectError(await call('merge_customers', { primary_phone: primary, secondary_phone: secondary }), 'not_found');
    });
  });

  describe('delete_customer', () => {
    it('deletes the customer with its comments and tags', async () => {
      const phone = '+34600700001';
      await comment(phone, 'to be deleted');
      await tag(phone, 'Gone');
      const id = (await call('get_customer', { phone })).customer.id;
      const p = await call('delete_customer', { phone });
      expect(p).to.deep.equal({ success: true, deleted: true, id, phone });
      expectError(await call('get_customer', { phone }), 'not_found');
      expectError(await call('delete_customer', { phone }), 'not_found');

      const again = await comment(phone, 'fresh start');
      expect(again.customer_created).to.equal(true);
      expect(again.customer.id).to.not.equal(id);
      expect(again.customer.tags).to.deep.equal([]);
      expect((await call('get_customer', { phone })).customer.comment_count).to.equal(1);
    });

    it('an invalid phone → invalid_arguments', async () => {
      expectError(await call('delete_customer', { phone: 'abc' }), 'invalid_arguments', 'phone');
    });
  });
});
