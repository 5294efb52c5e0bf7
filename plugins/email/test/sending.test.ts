import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { bootEmail, caller, deliver, emailKernel, newMailbox, rawMail, type MailWorld } from './helpers.js';

const FAST = { claimTimeoutSeconds: 5, sendRetryScheduleMs: [20, 20, 20] };
const SCHEDULE_JOB = 'email.send-scheduled-emails';

describe('email sending: outbox, SMTP, Sent, replies, schedules, attachments', () => {
  let world: MailWorld;
  let c: ReturnType<typeof caller>;

  before(async () => {
    world = await bootEmail({ config: FAST });
    const shop = await world.k.newShop('Sending shop');
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
  /** Runs outbox passes until the mail's status is one of `statuses`. */
  const sendUntil = (messageId: number, statuses: string[], k: TestKernel = world.k) =>
    waitFor(`email ${messageId} to be ${statuses.join(' or ')}`, async () => {
      await k.outbox.deliverDue();
      const [row] = await rows(k, 'select status, last_error, attempts from email_messages where id = ?', [messageId]);
      if (process.env.DEBUG_SEND) console.log(row);
      return statuses.includes(row.status) && row;
    });
  const sentFolder = async (box: { user: string; password: string }) => {
    const client = await world.imap.client(box.user, box.password);
    const lock = await client.getMailboxLock('Sent');
    const ids: string[] = [];
    for await (const m of client.fetch('1:*', { envelope: true })) ids.push(m.envelope!.messageId!);
    lock.release();
    await client.logout();
    return ids;
  };

  it('send_email: queued, sent over SMTP with its Message-ID and the signature, filed in Sent, a pending thread', async () => {
    const { box, account } = await connected({ smtp_from_name: 'Shop Team', signature_html: '<p>— The Shop</p>' });
    const { message, thread } = await c.ok('send_email', {
      account_id: account.id,
      to: 'Ana <ana@customer.example>, bob@customer.example',
      cc: ['carol@customer.example'],
      bcc: ['audit@shop.example'],
      subject: 'Your order',
      body_text: 'It ships today.',
    });
    expect(message).to.include({ status: 'queued', direction: 'outbound', subject: 'Your order' });
    expect(message.body_text).to.equal('It ships today.\n\n-- \n— The Shop');
    expect(thread).to.include({ status: 'pending', counterpart: 'ana@customer.example', message_count: 1 });
    await sendUntil(message.id, ['sent']);
    const [got] = world.smtp.for(box.user);
    expect(got.messageId).to.equal(message.message_id_header);
    expect(got.to).to.have.members([
      'ana@customer.example',
      'bob@customer.example',
      'carol@customer.example',
      'audit@shop.example',
    ]);
    expect(got.raw.toString()).to.include('Shop Team').and.not.include('audit@shop.example>').and.not.match(/^Bcc:/m);
    expect(await sentFolder(box)).to.include(message.message_id_header);
    const after = await c.ok('get_email_thread', { thread_id: thread.id });
    expect(after.messages[0]).to.include({ status: 'sent', attempts: 1 });
    expect(after.messages[0].sent_at).to.be.a('string');
    // The copy in Sent is not read again as a second mail.
    await c.ok('sync_email_account', { account_id: account.id });
    expect((await c.ok('get_email_thread', { thread_id: thread.id })).total_messages).to.equal(1);
  });

  it('reply_email_thread: to the sender and, reply_all, the others; Re: subject, In-Reply-To and References', async () => {
    const { box, account } = await connected();
    await deliver(world, box, [
      rawMail({
        from: 'Dana <dana@customer.example>',
        to: `${box.user}, eli@customer.example`,
        subject: 'Broken zip',
        messageId: '<zip1@customer.example>',
        references: ['<older@customer.example>'],
      }),
    ]);
    await c.ok('sync_email_account', { account_id: account.id });
    const [thread] = (await c.ok('list_email_threads', { account_id: account.id })).threads;
    const { message } = await c.ok('reply_email_thread', {
      thread_id: thread.id,
      body_html: '<p>We send a new one.</p><script>x()</script>',
    });
    expect(message).to.include({ subject: 'Re: Broken zip', in_reply_to: '<zip1@customer.example>' });
    expect(message.references).to.deep.equal(['<older@customer.example>', '<zip1@customer.example>']);
    expect(message.to).to.deep.equal([{ address: 'dana@customer.example', name: 'Dana' }]);
    expect(message.cc.map((a: any) => a.address)).to.deep.equal(['eli@customer.example']);
    expect(message.body_html).not.to.include('script');
    expect(message.body_text).to.include('We send a new one.');
    await sendUntil(message.id, ['sent']);
    const got = world.smtp.for(box.user).at(-1)!;
    expect(got.inReplyTo).to.equal('<zip1@customer.example>');
    expect(got.references).to.include('<zip1@customer.example>');
    const replied = (await c.ok('get_email_thread', { thread_id: thread.id })).thread;
    expect(replied.first_response_at).to.be.a('string');
    const only = await c.ok('reply_email_thread', { thread_id: thread.id, body_text: 'Only Dana', reply_all: false });
    expect(only.message.cc).to.deep.equal([]);
    await c.fails(
      'reply_email_thread',
      { thread_id: thread.id, body_text: 'x', account_id: account.id + 1000 },
      'invalid_arguments',
    );
  });

  it('refuses bad mail with nothing written: no body, a bad address, too many recipients, a past schedule, an inactive account', async () => {
    const { account } = await connected();
    const base = { account_id: account.id, to: 'ok@customer.example', subject: 'S' };
    await c.fails('send_email', base, 'invalid_arguments');
    await c.fails('send_email', { ...base, to: 'not an address', body_text: 'x' }, 'invalid_arguments');
    const many = Array.from({ length: 51 }, (_, i) => `r${i}@customer.example`);
    await c.fails('send_email', { ...base, to: many, body_text: 'x' }, 'invalid_arguments');
    await c.fails(
      'send_email',
      { ...base, body_text: 'x', scheduled_at: new Date(Date.now() - 60_000).toISOString() },
      'invalid_arguments',
    );
    await c.fails('send_email', { ...base, body_text: 'x', attachment_ids: [99_999_999] }, 'not_found');
    const [{ n }] = await rows(world.k, 'select count(*)::int as n from email_messages where account_id = ?', [
      account.id,
    ]);
    expect(n).to.equal(0);
    await c.ok('update_email_account', { account_id: account.id, is_active: 0 });
    await c.fails('send_email', { ...base, body_text: 'x' }, 'invalid_state');
  });

  it('scheduled mail: listed, changed, cancelled with confirmation (a second cancel is not_found); a due one is sent once by two processes', async () => {
    const { box, account } = await connected();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const { message } = await c.ok('send_email', {
      account_id: account.id,
      to: 'fay@customer.example',
      subject: 'Later',
      body_text: 'Soon',
      scheduled_at: later,
    });
    expect(message).to.include({ status: 'scheduled', scheduled_at: later });
    const listed = await c.ok('list_scheduled_emails', { account_id: account.id });
    expect(listed.emails.map((m: any) => m.id)).to.deep.equal([message.id]);
    const changed = await c.ok('update_scheduled_email', {
      message_id: message.id,
      subject: 'Later still',
      to: ['gus@customer.example'],
    });
    expect(changed.message).to.include({ subject: 'Later still' });
    expect(changed.message.to).to.deep.equal([{ address: 'gus@customer.example', name: null }]);
    const cancelled = await c.confirmed('cancel_scheduled_email', {
      action: 'cancel_scheduled',
      message_id: message.id,
      subject: 'ignored',
    });
    expect(cancelled).to.include({ deleted: true, id: message.id });
    await c.fails('cancel_scheduled_email', { action: 'cancel_scheduled', message_id: message.id }, 'not_found');
    expect((await c.ok('list_email_threads', { account_id: account.id })).count, 'its thread went with it').to.equal(0);

    const due = await c.ok('send_email', {
      account_id: account.id,
      to: 'hal@customer.example',
      subject: 'Due',
      body_text: 'Now',
      scheduled_at: later,
    });
    await rows(world.k, `update email_messages set scheduled_at = now() - interval '1 second' where id = ?`, [
      due.message.id,
    ]);
    const second = await emailKernel(world, { config: FAST });
    try {
      const tick = new Date(Date.UTC(2004, 0, 1, 0, 0, due.message.id % 60));
      await Promise.all([
        world.k.scheduler.runTick(SCHEDULE_JOB, tick),
        second.scheduler.runTick(SCHEDULE_JOB, new Date(tick.getTime() + 1000)),
      ]);
      await Promise.all([sendUntil(due.message.id, ['sent']), sendUntil(due.message.id, ['sent'], second)]);
    } finally {
      await second.close();
    }
    expect(world.smtp.for(box.user).filter((r) => r.messageId === due.message.message_id_header)).to.have.length(1);
    await c.fails('update_scheduled_email', { message_id: due.message.id, subject: 'Too late' }, 'invalid_state');
    await c.fails(
      'cancel_scheduled_email',
      { action: 'cancel_scheduled', message_id: due.message.id },
      'invalid_state',
    );
  });

  it('a 5xx fails the mail at once; a 4xx is tried again and then sent', async () => {
    const { account } = await connected();
    world.smtp.failNext(550, '5.1.1 Mailbox unavailable');
    const refused = (
      await c.ok('send_email', { account_id: account.id, to: 'gone@customer.example', subject: 'Hi', body_text: 'x' })
    ).message;
    const failed = await sendUntil(refused.id, ['failed']);
    expect(failed.last_error).to.include('Mailbox unavailable');
    world.smtp.failNext(451, '4.3.0 Try again later');
    const later = (
      await c.ok('send_email', { account_id: account.id, to: 'busy@customer.example', subject: 'Hi', body_text: 'x' })
    ).message;
    await sendUntil(later.id, ['sent']);
    const [row] = await rows(world.k, 'select attempts from email_messages where id = ?', [later.id]);
    expect(row.attempts).to.equal(2);
  });

  it('a mail left sending by a dead process is looked for in Sent first: found → recorded as sent, not sent again', async () => {
    const { box, account } = await connected({ sent_copy: 'server' });
    world.smtp.filing.add(box.user);
    const { message } = await c.ok('send_email', {
      account_id: account.id,
      to: 'ivy@customer.example',
      subject: 'Once',
      body_text: 'Only once',
    });
    await sendUntil(message.id, ['sent']);
    expect(world.smtp.for(box.user)).to.have.length(1);
    // As if the process had died right after the server's 250: the mail is in Sent, the row says sending.
    await rows(
      world.k,
      `update email_messages set status = 'sending', claimed_at = now() - interval '1 hour' where id = ?`,
      [message.id],
    );
    await rows(
      world.k,
      `update outbox_messages set status = 'pending', available_at = now(), locked_until = null where payload->>'message_id' = ?`,
      [String(message.id)],
    );
    await sendUntil(message.id, ['sent']);
    expect(world.smtp.for(box.user), 'no second send').to.have.length(1);
    // Died before the server took it: not in Sent, so it is sent.
    const other = (
      await c.ok('send_email', {
        account_id: account.id,
        to: 'jon@customer.example',
        subject: 'Lost?',
        body_text: 'x',
        scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
      })
    ).message;
    await rows(
      world.k,
      `update email_messages set status = 'sending', claimed_at = now() - interval '1 hour', scheduled_at = null where id = ?`,
      [other.id],
    );
    await world.k.orm.em.fork().execute(
      `insert into outbox_messages (event_id, shop_id, topic, payload, status, attempts, available_at, created_at)
       select 'evt_test_' || id, shop_id, 'email.send', json_build_object('message_id', id), 'pending', 0, now(), now() from email_messages where id = ?`,
      [other.id],
    );
    await sendUntil(other.id, ['sent']);
    expect(world.smtp.for(box.user).filter((r) => r.messageId === other.message_id_header)).to.have.length(1);
  });

  it('attachments: upload, send, read back; a received mail’s attachment is read from the server; signed download links', async () => {
    const { box, account } = await connected();
    const pdf = Buffer.from('%PDF-1.4 invoice 42');
    const { attachment } = await c.ok('upload_email_attachment', {
      filename: 'invoice.pdf',
      content_base64: pdf.toString('base64'),
    });
    expect(attachment).to.include({
      filename: 'invoice.pdf',
      content_type: 'application/pdf',
      size: pdf.length,
      used: false,
    });
    await c.fails('upload_email_attachment', { filename: '../x', content_base64: 'AAAA' }, 'invalid_arguments');
    await c.fails('upload_email_attachment', { filename: 'x.bin', content_base64: '!!!' }, 'invalid_arguments');
    const { message } = await c.ok('send_email', {
      account_id: account.id,
      to: 'kim@customer.example',
      subject: 'Invoice',
      body_text: 'Attached.',
      attachment_ids: [attachment.id],
    });
    expect(message.attachments).to.deep.equal([
      {
        filename: 'invoice.pdf',
        content_type: 'application/pdf',
        size: pdf.length,
        content_id: null,
        attachment_id: attachment.id,
      },
    ]);
    await sendUntil(message.id, ['sent']);
    expect(world.smtp.for(box.user).at(-1)!.raw.toString())
      .to.include('invoice.pdf')
      .and.include(pdf.toString('base64'));
    const upload = await c.ok('get_email_attachment', { attachment_id: attachment.id });
    expect(Buffer.from(upload.content_base64, 'base64').equals(pdf)).to.equal(true);
    const download = await world.k.app.inject({
      method: 'GET',
      url: new URL(upload.download_url).pathname + new URL(upload.download_url).search,
    });
    expect(download.statusCode).to.equal(200);
    expect(download.rawPayload.equals(pdf)).to.equal(true);
    expect(download.headers['content-disposition']).to.include('attachment');
    const forged = await world.k.app.inject({
      method: 'GET',
      url: new URL(upload.download_url).pathname + '?e=9999999999&s=forged',
    });
    expect(forged.statusCode).to.equal(403);

    const inbound = rawMail({
      from: 'lee@customer.example',
      to: box.user,
      subject: 'Photo of the damage',
      text: 'See attached.',
      attachments: [{ filename: 'damage.png', contentType: 'image/png', content: Buffer.from('PNGDATA-damage') }],
    });
    await deliver(world, box, [inbound]);
    await c.ok('sync_email_account', { account_id: account.id });
    const thread = (await c.ok('list_email_threads', { account_id: account.id, query: 'Photo' })).threads[0];
    const [received] = (await c.ok('get_email_thread', { thread_id: thread.id })).messages;
    expect(received.attachments).to.deep.equal([
      { filename: 'damage.png', content_type: 'image/png', size: 14, content_id: null },
    ]);
    const photo = await c.ok('get_email_attachment', { message_id: received.id, index: 0 });
    expect(Buffer.from(photo.content_base64, 'base64').toString()).to.equal('PNGDATA-damage');
    await c.fails('get_email_attachment', { message_id: received.id, index: 1 }, 'not_found');
    await c.fails('get_email_attachment', { message_id: received.id }, 'invalid_arguments');
  });
});
