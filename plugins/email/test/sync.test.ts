import { expect } from 'chai';
import { rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { bootEmail, caller, deliver, newMailbox, rawMail, SYNC_JOB, type MailWorld } from './helpers.js';

const DAY = 86_400_000;
const IDLE_JOB = 'email.watch-email-idle';

describe('email sync (Dovecot → threads)', () => {
  let world: MailWorld;
  let c: ReturnType<typeof caller>;

  before(async () => {
    world = await bootEmail({ config: { syncBatch: 50, idleAccountsPerProcess: 1000 } });
    const shop = await world.k.newShop('Sync shop');
    c = caller(world.k, shop.token);
  });
  after(async () => {
    await world?.k.close();
    await world?.smtp.stop();
  });

  async function connected(extra: Record<string, unknown> = {}) {
    const box = newMailbox(world, extra);
    const { account } = await c.confirmed('create_email_account', box.args);
    return { box, account };
  }
  const threadsOf = async (accountId: number) =>
    (await c.ok('list_email_threads', { account_id: accountId, limit: 100 })).threads;
  const messagesOf = async (threadId: number) => (await c.ok('get_email_thread', { thread_id: threadId })).messages;

  it('builds threads from Message-ID, In-Reply-To and References; a reply subject alone joins its counterpart’s thread', async () => {
    const { box, account } = await connected();
    const customer = 'ana@customer.example';
    await deliver(world, box, [
      rawMail({
        from: `Ana <${customer}>`,
        to: box.user,
        subject: 'Where is my order?',
        messageId: '<o1@customer.example>',
        text: 'Order 1001 has not arrived.',
      }),
      rawMail({
        from: customer,
        to: box.user,
        subject: 'Re: Where is my order?',
        messageId: '<o2@customer.example>',
        inReplyTo: '<o1@customer.example>',
        references: ['<o1@customer.example>'],
        text: 'Any news?\n\nOn Monday Ana wrote:\n> Order 1001 has not arrived.',
      }),
      // Its parent never arrived: the References it shares with o2 joins it.
      rawMail({
        from: customer,
        to: box.user,
        subject: 'Re: Where is my order?',
        messageId: '<o3@customer.example>',
        inReplyTo: '<missing@shop.example>',
        references: ['<o1@customer.example>', '<missing@shop.example>'],
      }),
      // Some clients drop the headers: a reply subject to the same counterpart still joins.
      rawMail({ from: customer, to: box.user, subject: 'RE: Where is my order?', messageId: '<o4@customer.example>' }),
      rawMail({ from: 'bob@other.example', to: box.user, subject: 'Invoice request', messageId: '<b1@other.example>' }),
      rawMail({
        from: 'bob@other.example',
        to: box.user,
        subject: 'Where is my order?',
        messageId: null,
        text: 'No Message-ID at all',
      }),
    ]);
    const result = await c.ok('sync_email_account', { account_id: account.id });
    expect(result).to.include({ account_id: account.id, fetched: 6, new_messages: 6, new_threads: 3 });
    const threads = await threadsOf(account.id);
    const order = threads.find((t: any) => t.counterpart === customer);
    expect(order).to.include({ subject: 'Where is my order?', message_count: 4, status: 'open', unread: true });
    const messages = await messagesOf(order.id);
    expect(messages.map((m: any) => m.message_id_header)).to.deep.equal([
      '<o1@customer.example>',
      '<o2@customer.example>',
      '<o3@customer.example>',
      '<o4@customer.example>',
    ]);
    expect(messages[1]).to.include({ direction: 'inbound', status: 'received', preview: 'Any news?' });
    expect(messages[0].from).to.deep.equal({ address: customer, name: 'Ana' });
    const bob = threads.filter((t: any) => t.counterpart === 'bob@other.example');
    expect(bob).to.have.length(2);
    const again = await c.ok('sync_email_account', { account_id: account.id });
    expect(again).to.include({ fetched: 0, new_messages: 0 });
  });

  it('reads in batches by UID (120 mails, batches of 50): each once, the cursor at the last UID, the server’s mail left unread', async () => {
    const { box, account } = await connected();
    const mails = Array.from({ length: 120 }, (_, i) =>
      rawMail({
        from: `c${i}@buyers.example`,
        to: box.user,
        subject: `Question ${i}`,
        messageId: `<q${i}@buyers.example>`,
      }),
    );
    await deliver(world, box, mails);
    const result = await c.ok('sync_email_account', { account_id: account.id });
    expect(result).to.include({ fetched: 120, new_messages: 120, new_threads: 120 });
    const status = await c.ok('get_email_sync_status', { account_id: account.id });
    const inbox = status.folders.find((f: any) => f.role === 'inbox');
    expect(inbox.last_uid).to.equal(120);
    expect(inbox.uidvalidity).to.be.a('number');
    expect(status.folders.map((f: any) => f.path)).to.include('Sent');
    const [{ n }] = await rows(
      world.k,
      'select count(distinct message_id_header)::int as n from email_messages where account_id = ?',
      [account.id],
    );
    expect(n).to.equal(120);
    const client = await world.imap.client(box.user, box.password);
    const lock = await client.getMailboxLock('INBOX');
    const unseen = await client.search({ seen: false });
    lock.release();
    await client.logout();
    expect(unseen, 'sync never marks the owner’s mail read').to.have.length(120);
  });

  it('a batch that fails is read again whole: after the failure and a new sync, every mail is there once', async () => {
    const { box, account } = await connected();
    await deliver(
      world,
      box,
      Array.from({ length: 110 }, (_, i) =>
        rawMail({
          from: 'x@buyers.example',
          to: box.user,
          subject: `Part ${i}`,
          messageId: `<part${i}.${account.id}@buyers.example>`,
        }),
      ),
    );
    // The second batch's insert fails, as if the process died in the middle of it.
    const poison = `<part70.${account.id}@buyers.example>`;
    await rows(
      world.k,
      `create or replace function sb_test_poison() returns trigger language plpgsql as $$ begin if new.message_id_header = '${poison}' then raise exception 'simulated crash'; end if; return new; end $$`,
    );
    await rows(
      world.k,
      `create trigger sb_test_poison before insert on email_messages for each row execute function sb_test_poison()`,
    );
    try {
      await c.fails('sync_email_account', { account_id: account.id }, 'internal_error');
    } finally {
      await rows(world.k, 'drop trigger sb_test_poison on email_messages');
      await rows(world.k, 'drop function sb_test_poison');
    }
    const [{ n: firstBatch }] = await rows(
      world.k,
      'select count(*)::int as n from email_messages where account_id = ?',
      [account.id],
    );
    expect(firstBatch, 'the first batch committed, the second did not').to.equal(50);
    const result = await c.ok('sync_email_account', { account_id: account.id });
    expect(result).to.include({ fetched: 60, new_messages: 60 });
    const [{ n, d }] = await rows(
      world.k,
      'select count(*)::int as n, count(distinct message_id_header)::int as d from email_messages where account_id = ?',
      [account.id],
    );
    expect([n, d]).to.deep.equal([110, 110]);
  });

  it('a new UIDVALIDITY reads the folder again without doubling anything', async () => {
    const { box, account } = await connected();
    const mails = Array.from({ length: 5 }, (_, i) =>
      rawMail({
        from: 'u@buyers.example',
        to: box.user,
        subject: `Renumbered ${i}`,
        messageId: `<renum${i}.${account.id}@buyers.example>`,
      }),
    );
    await deliver(world, box, mails);
    await c.ok('sync_email_account', { account_id: account.id });
    const before = (await c.ok('get_email_sync_status', { account_id: account.id })).folders.find(
      (f: any) => f.role === 'inbox',
    );
    world.imap.setUidValidity(box.user, 'INBOX', before.uidvalidity + 1000);
    await deliver(world, box, [
      rawMail({
        from: 'u@buyers.example',
        to: box.user,
        subject: 'Renumbered new',
        messageId: `<renum-new.${account.id}@buyers.example>`,
      }),
    ]);
    const result = await c.ok('sync_email_account', { account_id: account.id });
    expect(result).to.include({ fetched: 6, new_messages: 1 });
    const after = (await c.ok('get_email_sync_status', { account_id: account.id })).folders.find(
      (f: any) => f.role === 'inbox',
    );
    expect(after.uidvalidity).not.to.equal(before.uidvalidity);
    const [{ n }] = await rows(world.k, 'select count(*)::int as n from email_messages where account_id = ?', [
      account.id,
    ]);
    expect(n).to.equal(6);
  });

  it('a mailbox that was unreachable for days comes back complete (the cursor, not a date window); failures back off', async () => {
    const { box, account } = await connected();
    await deliver(world, box, [
      rawMail({
        from: 'd@buyers.example',
        to: box.user,
        subject: 'Before',
        messageId: `<before.${account.id}@b.example>`,
      }),
    ]);
    await c.ok('sync_email_account', { account_id: account.id });
    await world.imap.changePassword(box.user, 'changed-on-the-server');
    const failed = await c.fails('sync_email_account', { account_id: account.id }, 'connection_failed');
    expect(failed).to.include({ side: 'imap', reason: 'auth' });
    const status = await c.ok('get_email_sync_status', { account_id: account.id });
    expect(status).to.include({ status: 'auth_error', consecutive_failures: 1 });
    expect(status.backoff_until).to.be.a('string');
    expect(status.last_error).to.be.a('string').and.not.include(box.password);
    // Mail dated three days back arrives while the account cannot log in.
    const client = await world.imap.client(box.user, 'changed-on-the-server');
    for (let i = 0; i < 3; i++)
      await client.append(
        'INBOX',
        rawMail({
          from: 'd@buyers.example',
          to: box.user,
          subject: `While away ${i}`,
          messageId: `<away${i}.${account.id}@b.example>`,
          date: new Date(Date.now() - 3 * DAY),
        }),
        [],
        new Date(Date.now() - 3 * DAY),
      );
    await client.logout();
    await world.imap.changePassword(box.user, box.password);
    const back = await c.ok('sync_email_account', { account_id: account.id });
    expect(back).to.include({ new_messages: 3 });
    expect(await c.ok('get_email_sync_status', { account_id: account.id })).to.include({
      status: 'active',
      consecutive_failures: 0,
      last_error: null,
      backoff_until: null,
    });
  });

  it('mail sent from another client (in Sent) joins its thread as outbound and counts as the first response', async () => {
    const { box, account } = await connected();
    const customer = 'sent@customer.example';
    await deliver(world, box, [
      rawMail({
        from: customer,
        to: box.user,
        subject: 'Size',
        messageId: `<size.${account.id}@c.example>`,
        date: new Date(Date.now() - 60_000),
      }),
    ]);
    await deliver(
      world,
      box,
      [
        rawMail({
          from: box.user,
          to: customer,
          subject: 'Re: Size',
          messageId: `<answer.${account.id}@shop.example>`,
          inReplyTo: `<size.${account.id}@c.example>`,
          references: [`<size.${account.id}@c.example>`],
        }),
      ],
      'Sent',
    );
    await c.ok('sync_email_account', { account_id: account.id });
    const [thread] = await threadsOf(account.id);
    expect(thread).to.include({ counterpart: customer, message_count: 2, unread: false });
    expect(thread.first_response_at).to.be.a('string');
    const messages = await messagesOf(thread.id);
    expect(messages.map((m: any) => m.direction)).to.deep.equal(['inbound', 'outbound']);
    expect(messages[1].status).to.equal('sent');
  });

  it('the polling job syncs due accounts, each by one process; new mail to a closed thread reopens it', async () => {
    const { box, account } = await connected();
    await deliver(world, box, [
      rawMail({
        from: 'poll@buyers.example',
        to: box.user,
        subject: 'Polled',
        messageId: `<polled.${account.id}@b.example>`,
      }),
    ]);
    // Other test files' accounts share the database: ticks go on until this one's turn came.
    let second = 0;
    const [thread] = await waitFor(
      'the job to sync the account',
      async () => {
        const tick = new Date(Date.UTC(2003, 0, 1, 0, account.id % 60, second++));
        expect(await world.k.scheduler.runTick(SYNC_JOB, tick)).to.equal('ran');
        const threads = await threadsOf(account.id);
        return threads.length > 0 && threads;
      },
      60_000,
    );
    expect(thread.subject).to.equal('Polled');
    await c.ok('update_email_thread', { thread_id: thread.id, status: 'closed' });
    await deliver(world, box, [
      rawMail({
        from: 'poll@buyers.example',
        to: box.user,
        subject: 'Re: Polled',
        messageId: `<polled2.${account.id}@b.example>`,
        inReplyTo: `<polled.${account.id}@b.example>`,
      }),
    ]);
    await c.ok('sync_email_account', { account_id: account.id });
    const reopened = (await c.ok('get_email_thread', { thread_id: thread.id, include_bodies: false })).thread;
    expect(reopened).to.include({ status: 'open', message_count: 2, unread: true });
  });

  it('IMAP IDLE: the watch job holds a connection, and new mail becomes a thread within seconds without a sync call', async () => {
    const { box, account } = await connected();
    await world.k.scheduler.runTick(IDLE_JOB, new Date(Date.UTC(2006, 0, 1, 0, 0, account.id % 60)));
    // The watcher reads what is there once it is connected: the account's first sync says it is up.
    await waitFor(
      'the IDLE connection',
      async () => (await c.ok('get_email_sync_status', { account_id: account.id })).last_synced_at,
    );
    await new Promise((r) => setTimeout(r, 500));
    const sent = Date.now();
    await deliver(world, box, [rawMail({ from: 'idle@buyers.example', to: box.user, subject: 'Pushed by IDLE' })]);
    const [thread] = await waitFor(
      'the pushed mail',
      async () => {
        const threads = (await c.ok('list_email_threads', { account_id: account.id, query: 'Pushed' })).threads;
        return threads.length > 0 && threads;
      },
      20_000,
    );
    expect(thread.subject).to.equal('Pushed by IDLE');
    // Polling would read it no sooner than pollSeconds (60 s) after the watcher's first sync, and no
    // sync was called: arriving well before that is IDLE's doing (seconds on a quiet machine, more
    // under a full suite's load).
    expect(Date.now() - sent).to.be.below(20_000);
  });
});
