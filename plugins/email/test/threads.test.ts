import { expect } from 'chai';
import { bootEmail, caller, deliver, newMailbox, rawMail, type MailWorld } from './helpers.js';

const XSS = [
  '<p>Hello</p><script>alert(1)</script>',
  '<img src="https://cdn.example/x.png" onerror="alert(2)">',
  '<a href="javascript:alert(3)">click</a>',
  '<svg><script>alert(4)</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="data:text/html;base64,PHNjcmlwdD4=">data</a>',
  '<div style="position:fixed;top:0">overlay</div>',
  '<form action="https://evil.example"><input name="p"></form>',
  '<img src="cid:logo@shop">',
];

describe('email threads: list, read, status, assignment, notes, phones', () => {
  let world: MailWorld;
  let c: ReturnType<typeof caller>;
  let accountId: number;
  let box: ReturnType<typeof newMailbox>;

  before(async () => {
    world = await bootEmail();
    const shop = await world.k.newShop('Threads shop');
    c = caller(world.k, shop.token);
    box = newMailbox(world);
    accountId = (await c.confirmed('create_email_account', box.args)).account.id;
  });
  after(async () => {
    await world?.k.close();
    await world?.smtp.stop();
  });

  const sync = () => c.ok('sync_email_account', { account_id: accountId });
  async function threadFrom(
    from: string,
    subject: string,
    extra: Parameters<typeof rawMail>[0] extends infer M ? Partial<M> : never = {},
  ) {
    await deliver(world, box, [rawMail({ from, to: box.user, subject, ...extra })]);
    await sync();
    const { threads } = await c.ok('list_email_threads', { query: subject, limit: 100 });
    return threads.find((t: any) => t.subject === subject);
  }

  it('get_email_thread shows sanitised HTML: none of the XSS fixtures survives', async () => {
    const thread = await threadFrom('xss@attacker.example', 'Pretty mail', { html: XSS.join('\n') });
    const { messages, total_messages } = await c.ok('get_email_thread', { thread_id: thread.id });
    expect(total_messages).to.equal(1);
    const html: string = messages[0].body_html;
    for (const bad of [
      '<script',
      'onerror',
      'javascript:',
      '<svg',
      '<iframe',
      'data:text',
      'style=',
      '<form',
      '<input',
    ])
      expect(html.toLowerCase(), bad).not.to.include(bad);
    expect(html).to.include('<p>Hello</p>').and.include('https://cdn.example/x.png').and.include('cid:logo@shop');
    expect(messages[0].body_text).to.include('Hello');
    const lean = await c.ok('get_email_thread', { thread_id: thread.id, include_bodies: false });
    expect(lean.messages[0]).not.to.have.property('body_html');
  });

  it('list filters: status, unread, query, dates, has_phone, snoozed; newest activity first', async () => {
    const older = await threadFrom('first@buyers.example', 'Filter one', {
      date: new Date(Date.now() - 3 * 86_400_000),
    });
    const newer = await threadFrom('second@buyers.example', 'Filter two');
    const all = await c.ok('list_email_threads', { limit: 100 });
    const ids = all.threads.map((t: any) => t.id);
    expect(ids.indexOf(newer.id)).to.be.lessThan(ids.indexOf(older.id));
    await c.ok('update_email_thread', { thread_id: older.id, status: 'pending', read: true });
    expect((await c.ok('list_email_threads', { status: 'pending' })).threads.map((t: any) => t.id)).to.deep.equal([
      older.id,
    ]);
    expect(
      (await c.ok('list_email_threads', { unread: false, query: 'Filter' })).threads.map((t: any) => t.id),
    ).to.deep.equal([older.id]);
    const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const recent = await c.ok('list_email_threads', { date_from: since, query: 'Filter' });
    expect(recent.threads.map((t: any) => t.id)).to.deep.equal([newer.id]);
    await c.fails('list_email_threads', { date_from: 'not-a-date' }, 'invalid_arguments');
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const snoozed = await c.ok('update_email_thread', { thread_id: newer.id, snoozed_until: until });
    expect(snoozed.thread).to.include({ status: 'open', snoozed_until: until });
    expect((await c.ok('list_email_threads', { snoozed: true })).threads.map((t: any) => t.id)).to.deep.equal([
      newer.id,
    ]);
    expect(
      (await c.ok('list_email_threads', { snoozed: false, query: 'Filter' })).threads.map((t: any) => t.id),
    ).to.deep.equal([older.id]);
    await c.fails(
      'update_email_thread',
      { thread_id: newer.id, snoozed_until: new Date(Date.now() - 1000).toISOString() },
      'invalid_arguments',
    );
    await c.fails('update_email_thread', { thread_id: newer.id }, 'invalid_arguments');
    const categorised = await c.ok('update_email_thread', { thread_id: newer.id, category: 'shipping' });
    expect(categorised.thread).to.include({ category: 'shipping', classified_by: 'agent' });
    expect((await c.ok('list_email_threads', { category: 'shipping' })).threads.map((t: any) => t.id)).to.deep.equal([
      newer.id,
    ]);
    await c.fails('get_email_thread', { thread_id: 99_999_999 }, 'not_found');
  });

  it('spam stays spam when more mail comes; other statuses reopen', async () => {
    const thread = await threadFrom('spammer@junk.example', 'Cheap pills', { messageId: '<spam1@junk.example>' });
    await c.ok('update_email_thread', { thread_id: thread.id, status: 'spam' });
    await deliver(world, box, [
      rawMail({
        from: 'spammer@junk.example',
        to: box.user,
        subject: 'Re: Cheap pills',
        inReplyTo: '<spam1@junk.example>',
      }),
    ]);
    await sync();
    const after = (await c.ok('get_email_thread', { thread_id: thread.id, include_bodies: false })).thread;
    expect(after).to.include({ status: 'spam', message_count: 2 });
  });

  it('assign_email_thread: by id or hash, both agreeing, null or nothing unassigns; unknown agent, two agents, an agent without access', async () => {
    const thread = await threadFrom('assign@buyers.example', 'Assign me');
    const eva = (
      await c.ok('create_agent', {
        action: 'create',
        nickname: 'Eva',
        full_name: 'Eva E',
        email: 'eva@threads.example',
      })
    ).agent;
    const leo = (
      await c.ok('create_agent', {
        action: 'create',
        nickname: 'Leo',
        full_name: 'Leo L',
        email: 'leo@threads.example',
      })
    ).agent;
    const byId = await c.ok('assign_email_thread', { action: 'assign', thread_id: thread.id, assign_to: eva.id });
    expect(byId.thread.assigned_agent_id).to.equal(eva.id);
    expect(
      (await c.ok('list_email_threads', { assigned_agent_id: eva.id })).threads.map((t: any) => t.id),
    ).to.deep.equal([thread.id]);
    const byHash = await c.ok('assign_email_thread', {
      action: 'assign',
      thread_id: thread.id,
      agent_hash: leo.agent_hash,
    });
    expect(byHash.thread.assigned_agent_id).to.equal(leo.id);
    const both = await c.ok('assign_email_thread', {
      action: 'assign',
      thread_id: thread.id,
      assign_to: eva.id,
      agent_hash: eva.agent_hash,
    });
    expect(both.thread.assigned_agent_id).to.equal(eva.id);
    await c.fails(
      'assign_email_thread',
      { action: 'assign', thread_id: thread.id, assign_to: eva.id, agent_hash: leo.agent_hash },
      'invalid_arguments',
    );
    await c.fails(
      'assign_email_thread',
      { action: 'assign', thread_id: thread.id, assign_to: 99_999_999 },
      'not_found',
    );
    const unassigned = await c.ok('assign_email_thread', { action: 'assign', thread_id: thread.id });
    expect(unassigned.thread.assigned_agent_id).to.equal(null);
    await c.ok('assign_email_thread', { action: 'assign', thread_id: thread.id, assign_to: eva.id });
    const nulls = await c.ok('assign_email_thread', {
      action: 'assign',
      thread_id: thread.id,
      assign_to: null,
      agent_hash: null,
    });
    expect(nulls.thread.assigned_agent_id).to.equal(null);
    expect((await c.ok('list_email_threads', { assigned_agent_id: 0, query: 'Assign me' })).threads).to.have.length(1);
    await c.ok('update_email_account', { account_id: accountId, agent_hashes: [eva.agent_hash] });
    const forbidden = await c.fails(
      'assign_email_thread',
      { action: 'assign', thread_id: thread.id, assign_to: leo.id },
      'forbidden_agent',
    );
    expect(forbidden).to.include({ agent_id: leo.id, account_id: accountId });
    await c.ok('assign_email_thread', { action: 'assign', thread_id: thread.id, assign_to: eva.id });
    await c.ok('update_email_account', { account_id: accountId, agent_hashes: [] });
  });

  it('add_email_note: internal notes come with the thread, oldest first', async () => {
    const thread = await threadFrom('note@buyers.example', 'Note this');
    const { note } = await c.ok('add_email_note', {
      action: 'add',
      thread_id: thread.id,
      note_text: 'Called them back',
      agent_name: 'Eva',
      agent_color: '#123456',
    });
    expect(note).to.include({
      thread_id: thread.id,
      note_text: 'Called them back',
      agent_name: 'Eva',
      agent_color: '#123456',
      avatar_url: null,
    });
    await c.ok('add_email_note', { action: 'add', thread_id: thread.id, note_text: 'Second' });
    const { notes } = await c.ok('get_email_thread', { thread_id: thread.id });
    expect(notes.map((n: any) => n.note_text)).to.deep.equal(['Called them back', 'Second']);
    await c.fails('add_email_note', { action: 'add', thread_id: 99_999_999, note_text: 'x' }, 'not_found');
  });

  it('link_email_thread_phone links, caches the address and unlinks; a bad phone is refused', async () => {
    const thread = await threadFrom('linked@buyers.example', 'Link me');
    const linked = await c.ok('link_email_thread_phone', { thread_id: thread.id, phone: '+34 600 111 222' });
    expect(linked.thread.phone).to.equal('+34600111222');
    expect((await c.ok('list_email_threads', { phone: '+34600111222' })).threads.map((t: any) => t.id)).to.deep.equal([
      thread.id,
    ]);
    await c.fails('link_email_thread_phone', { thread_id: thread.id, phone: '12' }, 'invalid_arguments');
    // The address is remembered: a new thread from it gets the phone at once.
    const next = await threadFrom('linked@buyers.example', 'Another one from the same address');
    expect(next.phone).to.equal('+34600111222');
    const unlinked = await c.ok('link_email_thread_phone', { thread_id: thread.id, phone: null });
    expect(unlinked.thread.phone).to.equal(null);
  });

  it('backfill_email_phones: cache, then CRM, then customers; ambiguous stays unresolved; 50 per run, remaining counts down', async () => {
    const crmContact = async (phone: string, email: string) => {
      const { crm_customer } = await c.ok('create_crm_customer', { action: 'create', whatsapp_number: phone });
      await c.ok('update_crm_customer', { crm_customer_id: crm_customer.id, email });
    };
    await crmContact('+34600200300', 'crm@buyers.example');
    await crmContact('+34600200301', 'twin@buyers.example');
    await crmContact('+34600200302', 'twin@buyers.example');
    // A customer record with the address, whose CRM record has none.
    await c.ok('create_crm_customer', { action: 'create', whatsapp_number: '+34600400500' });
    await c.ok('update_customer', { phone: '+34600400500', email: 'customer@buyers.example' });
    const mails = [
      rawMail({ from: 'crm@buyers.example', to: box.user, subject: 'From a CRM contact' }),
      rawMail({ from: 'nobody@buyers.example', to: box.user, subject: 'From a stranger' }),
      rawMail({ from: 'twin@buyers.example', to: box.user, subject: 'From one of two' }),
      rawMail({ from: 'customer@buyers.example', to: box.user, subject: 'From a customer record' }),
      rawMail({ from: 'crm@buyers.example', to: box.user, subject: 'The CRM contact again' }),
      ...Array.from({ length: 55 }, (_, i) =>
        rawMail({ from: `bulk${i}@buyers.example`, to: box.user, subject: `Bulk ${i}` }),
      ),
    ];
    await deliver(world, box, mails);
    await sync();
    const first = await c.ok('backfill_email_phones', { action: 'backfill_phones' });
    expect(first.processed).to.equal(50);
    const second = await c.ok('backfill_email_phones', { action: 'backfill_phones' });
    expect(second.remaining).to.equal(0);
    const results = [...first.results, ...second.results];
    const of = (email: string) => results.filter((r: any) => r.email === email);
    expect(of('crm@buyers.example')).to.deep.include.members([
      {
        thread_id: of('crm@buyers.example')[0].thread_id,
        email: 'crm@buyers.example',
        phone: '+34600200300',
        source: 'crm',
      },
    ]);
    expect(of('crm@buyers.example')).to.have.length(2);
    expect(of('customer@buyers.example')[0]).to.include({ phone: '+34600400500', source: 'customers' });
    expect(of('twin@buyers.example')[0]).to.include({ phone: null, source: 'ambiguous' });
    expect(of('nobody@buyers.example')[0]).to.include({ phone: null, source: 'not_found' });
    expect(first.resolved + first.unresolved).to.equal(50);
    expect(first.remaining).to.equal(second.processed);
    // A mapping found once is cached: a new thread from that address is linked as it arrives.
    const later = await threadFrom('customer@buyers.example', 'Back again');
    expect(later.phone).to.equal('+34600400500');
    const third = await c.ok('backfill_email_phones', { action: 'backfill_phones' });
    expect(third).to.include({ processed: 0, remaining: 0 });
  });
});
