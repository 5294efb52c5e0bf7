import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { connectedLine } from '../../../test/helpers/ops-kernel.js';
import { bootMarketing, caller } from './helpers.js';
import { withShop } from '../../../test/fixtures/service-probe/index.js';

const P = (n: number) => `+3460050${String(n).padStart(4, '0')}`;

type Segment = { tags?: string[]; exclude_tags?: string[]; last_contact_days?: number; has_chatapp_history?: boolean };

/** Segments that exercise every form of the count (stored tag count, member count minus, direct). */
const SEGMENTS: Segment[] = [
  {},
  { tags: ['vip'] },
  { tags: ['vip', 'gold'] },
  { tags: ['vip'], exclude_tags: ['churned'] },
  { tags: ['vip'], has_chatapp_history: false },
  { tags: ['vip'], exclude_tags: ['churned', 'gold'], has_chatapp_history: false },
  { exclude_tags: ['churned'] },
  { exclude_tags: ['churned', 'gold'] },
  { exclude_tags: ['churned'], has_chatapp_history: false },
  { has_chatapp_history: true },
  { has_chatapp_history: false },
  { last_contact_days: 30 },
  { tags: ['gold'], last_contact_days: 30 },
  { tags: ['vip'], has_chatapp_history: true },
];

describe('mass_marketing: the audience facts on members follow their sources', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let c: ReturnType<typeof caller>;
  let shopId: number;
  let token: string;
  let listId: number;

  before(async () => {
    k = await bootMarketing({ probe: true });
    ({ shopId, token } = await k.newShop('Facts shop', { credits: 1_000_000 }));
    c = caller(k, token);
    listId = (await c.ok('create_contact_list', { action: 'create', name: 'Facts' })).list.id;
    await c.ok('add_contacts_to_list', {
      action: 'add',
      list_id: listId,
      contacts: Array.from({ length: 12 }, (_, i) => ({ phone: P(i + 1) })),
    });
  });
  after(() => k.close());

  let line: any;
  const sandboxLine = async () => (line ??= await connectedLine(k, token));
  const inShop = <T>(work: (services: any) => Promise<T>) =>
    withShop(shopId, ({ services }) => work(services), { transactional: true });
  const tag = (n: number, name: string) => c.ok('add_customer_tag', { action: 'add', phone: P(n), tag_name: name });
  const count = async (segment: Segment, list = listId) =>
    (await c.ok('count_filtered_contacts', { action: 'count_filtered', list_id: list, segment_filters: segment }))
      .count as number;
  const sql = async (query: string, params: unknown[] = []) =>
    (await k.orm.em.getConnection().execute(query, params)) as any[];

  /** The segment counted from the customers, whatsapp_ops and exclusion records themselves. */
  async function fromSources(segment: Segment, list = listId): Promise<number> {
    const where = [
      `m.shop_id = ${shopId} and m.list_id = ${list}`,
      `m.phone not in (select phone from marketing_blacklist where shop_id = ${shopId} union all select phone from marketing_unsubscribes where shop_id = ${shopId}
         union all select phone from chatapp_optouts where shop_id = ${shopId})`,
    ];
    const params: unknown[] = [];
    const tagged = (tags: string[]) => {
      params.push(`{${tags.join(',')}}`);
      return `m.phone in (select c.phone from customers c join customer_tags t on t.customer_id = c.id where c.shop_id = ${shopId} and lower(t.name) = any(?::text[]))`;
    };
    if (segment.tags) where.push(tagged(segment.tags));
    if (segment.exclude_tags) where.push(`not ${tagged(segment.exclude_tags)}`);
    if (segment.last_contact_days)
      where.push(
        `m.phone in (select c.phone from customers c where c.shop_id = ${shopId} and c.last_contact_at >= now() - interval '${segment.last_contact_days} days')`,
      );
    if (segment.has_chatapp_history !== undefined) {
      where.push(
        `m.phone ${segment.has_chatapp_history ? '' : 'not '}in (select x.phone from chatapp_messages x where x.shop_id = ${shopId} and x.sent_at is not null)`,
      );
    }
    return (
      await sql(`select count(*)::int as n from marketing_list_members m where ${where.join(' and ')}`, params)
    )[0].n;
  }

  async function expectEveryCountMatchesTheSources(list = listId) {
    for (const segment of SEGMENTS)
      expect(await count(segment, list), JSON.stringify(segment)).to.equal(await fromSources(segment, list));
  }

  /** The stored tag counts of a list against a recount of its members' tags. */
  async function expectTagCountsExact(list = listId) {
    const stored = await sql(
      `select tag, members from marketing_list_tag_counts where list_id = ? and members <> 0 order by tag`,
      [list],
    );
    const actual = await sql(
      `select substr(k, strpos(k, ':') + 1) as tag, count(*)::int as members from marketing_list_members m, unnest(m.tag_keys) k where m.list_id = ? group by 1 order by 1`,
      [list],
    );
    expect(stored).to.deep.equal(actual);
  }

  it('a tag added or removed changes the counts at once', async () => {
    for (const n of [1, 2, 3]) await tag(n, 'VIP');
    await tag(3, 'churned');
    await tag(4, 'Gold');
    expect(await count({ tags: ['vip'] })).to.equal(3);
    expect(await count({ tags: ['vip'], exclude_tags: ['churned'] })).to.equal(2);
    await c.ok('remove_customer_tag', { phone: P(3), tag_name: 'churned' });
    expect(await count({ tags: ['vip'], exclude_tags: ['churned'] })).to.equal(3);
    await c.ok('remove_customer_tag', { phone: P(2), tag_name: 'vip' });
    expect(await count({ tags: ['vip'] })).to.equal(2);
    await expectTagCountsExact();
    await expectEveryCountMatchesTheSources();
  });

  it('a merge gives the primary the secondary’s tags and contact; the secondary’s phone keeps none', async () => {
    await tag(5, 'churned');
    await inShop((s) =>
      s.customersService.recordContacts([{ phone: P(5), at: new Date(Date.now() - 3 * 86_400_000) }]),
    );
    await inShop((s) => s.customersService.ensureByPhone(P(6)));
    await c.ok('merge_customers', { primary_phone: P(6), secondary_phone: P(5) });
    expect(await count({ tags: ['churned'] })).to.equal(1);
    const rows = await sql(
      `select phone, tag_keys, last_contact_at from marketing_list_members where list_id = ? and phone in (?, ?) order by phone`,
      [listId, P(5), P(6)],
    );
    expect(rows.map((r) => [r.phone, r.tag_keys, r.last_contact_at !== null])).to.deep.equal([
      [P(5), [], false],
      [P(6), [`${listId}:churned`], true],
    ]);
    await expectTagCountsExact();
    await expectEveryCountMatchesTheSources();
  });

  it('a deleted customer’s member keeps no tags or contact', async () => {
    await tag(7, 'Gold');
    await inShop((s) => s.customersService.recordContacts([{ phone: P(7), at: new Date() }]));
    expect(await count({ tags: ['gold'] })).to.equal(2);
    await c.ok('delete_customer', { phone: P(7) });
    expect(await count({ tags: ['gold'] })).to.equal(1);
    expect(await count({ last_contact_days: 30 })).to.equal(await fromSources({ last_contact_days: 30 }));
    await expectTagCountsExact();
  });

  it('a last contact moved forward counts for last_contact_days', async () => {
    await inShop((s) => s.customersService.ensureByPhone(P(8)));
    const before = await count({ last_contact_days: 10 });
    await inShop((s) => s.customersService.recordContacts([{ phone: P(8), at: new Date(Date.now() - 86_400_000) }]));
    expect(await count({ last_contact_days: 10 })).to.equal(before + 1);
    await expectEveryCountMatchesTheSources();
  });

  it('a message sent to a member counts as chat history', async () => {
    const before = await count({ has_chatapp_history: true });
    await c.ok('send_chatapp_message', { phone: P(9), message: 'Hello', session_id: (await sandboxLine()).id });
    expect(await count({ has_chatapp_history: true })).to.equal(before + 1);
    await expectEveryCountMatchesTheSources();
  });

  it('exclusions reach the next count whatever path wrote them', async () => {
    const base = await count({});
    await c.ok('add_chatapp_optout', { action: 'add', phone: P(10) });
    expect(await count({})).to.equal(base - 1);
    await c.ok('remove_chatapp_optout', { phone: P(10) });
    expect(await count({})).to.equal(base);
    await c.ok('add_to_blacklist', { action: 'add', phone: P(1) });
    expect(await count({ tags: ['vip'] })).to.equal(1);
    await sql(
      `insert into marketing_unsubscribes (shop_id, phone, source, created_at) values (?, ?, 'manual', now())`,
      [shopId, P(11)],
    );
    expect(await count({})).to.equal(base - 2);
    await c.ok('remove_from_blacklist', { phone: P(1) });
    expect(await count({ tags: ['vip'] })).to.equal(2);
    await expectEveryCountMatchesTheSources();
  });

  it('members added later get the facts of their phone, in a small add and in a bulk import alike', async () => {
    // Customers 9000..9099 with tags, contacts and history before the lists exist.
    await inShop(async (s) => {
      for (let n = 9000; n < 9100; n++) {
        await s.customerTagsService.add(P(n), n % 2 ? 'vip' : 'churned', '#2563eb');
        if (n % 3 === 0)
          await s.customersService.recordContacts([{ phone: P(n), at: new Date(Date.now() - 2 * 86_400_000) }]);
      }
    });
    await sql(
      `insert into chatapp_messages (shop_id, session_id, phone, direction, text, status, automatic, credits_charged, sent_at, created_at, updated_at)
       select ?, ?, '+3460050' || lpad(g::text, 4, '0'), 'inbound', 'hi', 'received', false, 0, now(), now(), now() from generate_series(9000, 9099, 4) g`,
      [shopId, (await sandboxLine()).id],
    );
    await c.ok('add_to_blacklist', { action: 'add', phone: P(9001) });
    const small = (await c.ok('create_contact_list', { action: 'create', name: 'Small' })).list.id;
    await c.ok('add_contacts_to_list', {
      action: 'add',
      list_id: small,
      contacts: Array.from({ length: 100 }, (_, i) => ({ phone: P(9000 + i) })),
    });
    const bulk = await inShop(async (s) => {
      const list = await s.marketingContactListsService.createList('Bulk', null);
      // 10,100 rows: the bulk form; the shop's customers are among them.
      function* csv() {
        yield 'phone\n';
        for (let i = 0; i < 10_100; i++) yield `${i < 100 ? P(9000 + i) : `+3461${String(i).padStart(7, '0')}`}\n`;
      }
      await s.marketingContactImportsService.fromCsvStream(list.id, csv(), undefined);
      return list.id as number;
    });
    // Fresh statistics for the reference queries (the counts do not need them).
    for (const table of ['customers', 'customer_tags', 'marketing_list_members']) await sql(`analyze ${table}`);
    for (const list of [small, bulk]) {
      expect(await count({ tags: ['vip'] }, list)).to.equal(49);
      await expectEveryCountMatchesTheSources(list);
      await expectTagCountsExact(list);
    }
  });

  it('a tag added while an import is merging into the shop waits for it, then reaches the imported rows', async function () {
    // The embedded engine runs one transaction at a time: there the two cannot overlap at all.
    if (process.env.TEST_DATABASE === 'pglite') this.skip();
    await inShop((s) => s.customersService.ensureByPhone(P(50)));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let merged!: (id: number) => void;
    const mergedList = new Promise<number>((resolve) => (merged = resolve));
    const importing = inShop(async (s) => {
      const list = await s.marketingContactListsService.createList('Held', null);
      await s.marketingContactListsService.addContacts(list.id, [{ phone: P(50) }]);
      merged(list.id);
      await held;
    });
    const list = await mergedList;
    let tagged = false;
    const tagging = tag(50, 'late').then(() => (tagged = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tagged, 'the tag waited for the import').to.equal(false);
    release();
    await importing;
    await tagging;
    expect(await count({ tags: ['late'] }, list)).to.equal(1);
    await expectTagCountsExact(list);
  });

  it('tag counts stay exact through removals and go with their list', async () => {
    await c.ok('remove_contact_from_list', { list_id: listId, phone: P(6) });
    await c.ok('remove_contacts_bulk', { list_id: listId, phones: [P(1), P(4)] });
    await expectTagCountsExact();
    await expectEveryCountMatchesTheSources();
    await c.ok('delete_contact_list', { list_id: listId });
    expect(await sql('select * from marketing_list_tag_counts where list_id = ?', [listId])).to.deep.equal([]);
  });
});
