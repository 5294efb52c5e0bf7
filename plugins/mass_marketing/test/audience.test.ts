import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { connectedLine, customerWrites } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { bootMarketing, caller } from './helpers.js';
import { withShop } from '../../../test/fixtures/service-probe/index.js';
import { parseSegmentFilters } from '../services/audience/segment-filters.js';
import { transactionClient } from '../services/pg-client.js';

const P = (n: number) => `+3460040${String(n).padStart(4, '0')}`;

describe('mass_marketing: audiences (count_filtered_contacts, build)', () => {
  let k: TestKernel;
  let c: ReturnType<typeof caller>;
  let shopId: number;
  let token: string;
  let listId: number;

  before(async () => {
    k = await bootMarketing({ probe: true });
    ({ shopId, token } = await k.newShop('Audience shop', { credits: 1_000_000 }));
    c = caller(k, token);
    listId = (await c.ok('create_contact_list', { action: 'create', name: 'Audience' })).list.id;
    // 1..10 in the list; 1-6 are customers. Tags: VIP 1,2,3; churned 3,4. Contacts: 1,4 recent, 2 old.
    await c.ok('add_contacts_to_list', {
      action: 'add',
      list_id: listId,
      contacts: Array.from({ length: 10 }, (_, i) => ({ phone: P(i + 1), name: `Member ${i + 1}` })),
    });
    for (const [n, tag] of [
      [1, 'VIP'],
      [2, 'vip'],
      [3, 'VIP'],
      [3, 'churned'],
      [4, 'Churned'],
      [5, 'other'],
      [6, 'other'],
    ] as const) {
      await c.ok('add_customer_tag', { action: 'add', phone: P(n), tag_name: tag });
    }
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await withShop(
      shopId,
      ({ services }) =>
        services.customersService.recordContacts([
          { phone: P(1), at: daysAgo(2) },
          { phone: P(4), at: daysAgo(2) },
          { phone: P(2), at: daysAgo(60) },
        ]),
      { transactional: true },
    );
  });
  after(() => k.close());

  const count = async (segment_filters: unknown) =>
    (await c.ok('count_filtered_contacts', { action: 'count_filtered', list_id: listId, segment_filters })).count;

  it('counts every member with {} and the echo of the normalised segment', async () => {
    const p = await c.ok('count_filtered_contacts', { action: 'count_filtered', list_id: listId, segment_filters: {} });
    expect(p).to.include({ list_id: listId, count: 10, member_count: 10 });
    expect(p.segment_filters).to.deep.equal({
      tags: [],
      exclude_tags: [],
      last_contact_days: null,
      has_chatapp_history: null,
    });
  });

  it('filters by tags (any, without case), exclude_tags and last_contact_days', async () => {
    expect(await count({ tags: ['vip'] })).to.equal(3);
    expect(await count({ tags: ['VIP', 'other'] })).to.equal(5);
    expect(await count({ exclude_tags: ['churned'] })).to.equal(8);
    expect(await count({ tags: ['vip'], exclude_tags: ['CHURNED'] })).to.equal(2);
    expect(await count({ last_contact_days: 30 })).to.equal(2);
    expect(await count({ last_contact_days: 90 })).to.equal(3);
    expect(await count({ tags: ['vip'], last_contact_days: 30 })).to.equal(1);
  });

  it('takes segment_filters as a JSON string too', async () => {
    expect(await count(JSON.stringify({ tags: ['vip'], exclude_tags: ['churned'] }))).to.equal(2);
    expect(await count('')).to.equal(10);
  });

  it('refuses bad segments, naming the key, and an unknown list', async () => {
    await c.fails(
      'count_filtered_contacts',
      { action: 'count_filtered', list_id: listId, segment_filters: '{"tags": [' },
      'invalid_arguments',
      'segment_filters',
    );
    await c.fails(
      'count_filtered_contacts',
      { action: 'count_filtered', list_id: listId, segment_filters: '{"tagz": ["a"]}' },
      'invalid_arguments',
      'segment_filters.tagz',
    );
    await c.fails(
      'count_filtered_contacts',
      { action: 'count_filtered', list_id: listId, segment_filters: '[1]' },
      'invalid_arguments',
      'segment_filters',
    );
    await c.fails(
      'count_filtered_contacts',
      { action: 'count_filtered', list_id: listId, segment_filters: '{"last_contact_days": 0}' },
      'invalid_arguments',
      'segment_filters.last_contact_days',
    );
    await c.fails(
      'count_filtered_contacts',
      { action: 'count_filtered', list_id: listId, segment_filters: { tags: 'vip' } },
      'invalid_arguments',
    );
    await c.fails(
      'count_filtered_contacts',
      { action: 'count_filtered', list_id: 999999, segment_filters: {} },
      'not_found',
    );
    await c.fails('count_filtered_contacts', { list_id: listId, segment_filters: {} }, 'invalid_arguments', 'action');
  });

  it('leaves out blacklisted, unsubscribed and opted-out members', async () => {
    await c.ok('add_to_blacklist', { action: 'add', phone: P(7) });
    await withShop(shopId, (ctx) => ctx.services.marketingUnsubscribesService.record(P(8), 'link'), {
      transactional: true,
    });
    await c.ok('add_chatapp_optout', { action: 'add', phone: P(9) });
    expect(await count({})).to.equal(7);
    expect(await count({ exclude_tags: ['churned'] })).to.equal(5);
  });

  it('filters by chat history (has_chatapp_history true / false)', async () => {
    const line = await connectedLine(k, token);
    await customerWrites(k, token, line.session_key, P(1), 'Hello');
    await customerWrites(k, token, line.session_key, P(10), 'Hi there');
    await waitFor(
      'the inbound messages to be stored',
      async () => (await c.ok('list_chatapp_messages', { direction: 'inbound' })).count === 2,
    );
    expect(await count({ has_chatapp_history: true })).to.equal(2);
    expect(await count({ has_chatapp_history: false })).to.equal(5);
    expect(await count({ has_chatapp_history: true, tags: ['vip'] })).to.equal(1);
  });

  it('build yields the eligible members in phone order, in batches; query gives the same audience as SQL', async () => {
    const { batches, sqlRows } = await withShop(
      shopId,
      async (ctx) => {
        const audience = ctx.services.marketingAudienceService;
        const filters = parseSegmentFilters({ exclude_tags: ['churned'] });
        const batches: { phone: string; name: string | null }[][] = [];
        for await (const batch of audience.build(listId, filters, 2)) batches.push(batch);
        const { fromWhere, params } = audience.query(listId, filters);
        const client = await transactionClient(ctx.em);
        const sqlRows = (await client.query(`select m.phone ${fromWhere} order by m.phone`, params)).rows;
        return { batches, sqlRows };
      },
      { transactional: true },
    );
    expect(batches.map((b) => b.length)).to.deep.equal([2, 2, 1]);
    const phones = batches.flat().map((m) => m.phone);
    expect(phones).to.deep.equal([P(1), P(2), P(5), P(6), P(10)]);
    expect(batches[0]![0]).to.deep.equal({ phone: P(1), name: 'Member 1' });
    expect(sqlRows.map((r: any) => r.phone)).to.deep.equal(phones);
  });

  it('another shop with the same phones has its own audience', async () => {
    const other = caller(k, (await k.newShop('Audience other')).token);
    const list = (await other.ok('create_contact_list', { action: 'create', name: 'Audience' })).list;
    await other.ok('add_contacts_to_list', {
      action: 'add',
      list_id: list.id,
      contacts: [{ phone: P(1) }, { phone: P(7) }],
    });
    const p = await other.ok('count_filtered_contacts', {
      action: 'count_filtered',
      list_id: list.id,
      segment_filters: {},
    });
    expect(p.count).to.equal(2);
    const tagged = await other.ok('count_filtered_contacts', {
      action: 'count_filtered',
      list_id: list.id,
      segment_filters: { tags: ['vip'] },
    });
    expect(tagged.count).to.equal(0);
  });
});
