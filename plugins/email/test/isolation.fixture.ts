import type { IsolationFixture } from '../../../test/harness/isolation.js';
import { dovecot } from '../../../test/helpers/mail-servers/dovecot.js';
import { SmtpSink } from '../../../test/helpers/mail-servers/smtp-sink.js';
import { freshUser, rawMail } from './helpers.js';

let smtp: SmtpSink | undefined;
const PHONE = '+34600999111';

/**
 * Shop A connects a mailbox (the run's Dovecot and an SMTP server of the fixture's own), syncs a
 * mail into a thread, links it to a phone and writes a note. Shop B aims at the account, the
 * thread and the phone: ids answer not_found, lists are empty.
 */
const fixture: IsolationFixture = {
  groups: ['agents', 'email'],
  groupConfig: async () => {
    const imap = await dovecot();
    smtp ??= await new SmtpSink({ imap }).start();
    return { email: { trustedCaPem: imap.caPem } };
  },
  seed: async (callAsA) => {
    const imap = await dovecot();
    const user = freshUser('iso');
    imap.addUser(user, 'iso-password');
    smtp!.addUser(user, 'iso-password');
    const client = await imap.client(user, 'iso-password');
    await client.append(
      'INBOX',
      rawMail({
        from: 'buyer@iso.example',
        to: user,
        subject: 'Isolated question',
        attachments: [{ filename: 'photo.png', contentType: 'image/png', content: Buffer.from('A photo') }],
      }),
    );
    await client.logout();
    const { account } = await callAsA('create_email_account', {
      action: 'create',
      email_address: user,
      imap_host: '127.0.0.1',
      imap_port: imap.starttlsPort,
      imap_password: 'iso-password',
      smtp_host: '127.0.0.1',
      smtp_port: smtp!.port,
    });
    await callAsA('sync_email_account', { account_id: account.id });
    const [thread] = (await callAsA('list_email_threads', { account_id: account.id })).threads;
    const [received] = (await callAsA('get_email_thread', { thread_id: thread.id })).messages;
    await callAsA('link_email_thread_phone', { thread_id: thread.id, phone: PHONE });
    await callAsA('add_email_note', { action: 'add', thread_id: thread.id, note_text: 'A only' });
    const { attachment } = await callAsA('upload_email_attachment', { filename: 'a.txt', content_base64: 'QSBvbmx5' });
    const { message } = await callAsA('send_email', {
      account_id: account.id,
      to: 'later@iso.example',
      subject: 'A later',
      body_text: 'A only',
      attachment_ids: [attachment.id],
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    return {
      accountId: account.id,
      threadId: thread.id,
      messageId: message.id,
      receivedId: received.id,
      attachmentId: attachment.id,
    };
  },
  probes: ({ accountId, threadId, messageId, receivedId, attachmentId }) => {
    const account = { account_id: accountId };
    const thread = { thread_id: threadId };
    const noThreads = (p: any) => p.count === 0 && p.threads.length === 0;
    return [
      { tool: 'get_email_account', args: account, expect: 'not_found' },
      { tool: 'update_email_account', args: { ...account, label: 'Taken' }, expect: 'not_found' },
      { tool: 'delete_email_account', args: account, expect: 'not_found' },
      { tool: 'test_email_account', args: account, expect: 'not_found' },
      { tool: 'sync_email_account', args: account, expect: 'not_found' },
      { tool: 'start_email_oauth', args: account, expect: 'not_found' },
      { tool: 'get_email_sync_status', args: account, expect: 'not_found' },
      { tool: 'list_email_threads', args: account, expect: 'empty', isEmpty: noThreads },
      { tool: 'list_email_threads', args: { phone: PHONE }, expect: 'empty', isEmpty: noThreads },
      { tool: 'get_email_thread', args: thread, expect: 'not_found' },
      { tool: 'classify_email_thread', args: thread, expect: 'not_found' },
      { tool: 'get_email_stats', args: account, expect: 'not_found' },
      { tool: 'update_email_thread', args: { ...thread, status: 'closed' }, expect: 'not_found' },
      { tool: 'assign_email_thread', args: { action: 'assign', ...thread }, expect: 'not_found' },
      { tool: 'add_email_note', args: { action: 'add', ...thread, note_text: 'B' }, expect: 'not_found' },
      { tool: 'link_email_thread_phone', args: { ...thread, phone: '+34600999222' }, expect: 'not_found' },
      {
        tool: 'send_email',
        args: { ...account, to: 'x@iso.example', subject: 'B', body_text: 'B' },
        expect: 'not_found',
      },
      { tool: 'reply_email_thread', args: { ...thread, body_text: 'B' }, expect: 'not_found' },
      {
        tool: 'list_scheduled_emails',
        args: account,
        expect: 'empty',
        isEmpty: (p: any) => p.count === 0 && p.emails.length === 0,
      },
      { tool: 'update_scheduled_email', args: { message_id: messageId, subject: 'B' }, expect: 'not_found' },
      {
        tool: 'cancel_scheduled_email',
        args: { action: 'cancel_scheduled', message_id: messageId },
        expect: 'not_found',
      },
      { tool: 'get_email_attachment', args: { attachment_id: attachmentId }, expect: 'not_found' },
      { tool: 'get_email_attachment', args: { message_id: receivedId, index: 0 }, expect: 'not_found' },
      {
        tool: 'send_email',
        args: {
          account_id: accountId,
          to: 'x@iso.example',
          subject: 'B',
          body_text: 'B',
          attachment_ids: [attachmentId],
        },
        expect: 'not_found',
      },
    ];
  },
  snapshot: async (callAsA, { accountId, threadId, attachmentId }) => ({
    account: (await callAsA('get_email_account', { account_id: accountId })).account,
    thread: await callAsA('get_email_thread', { thread_id: threadId }),
    scheduled: await callAsA('list_scheduled_emails', { account_id: accountId }),
    attachment: (await callAsA('get_email_attachment', { attachment_id: attachmentId })).content_base64,
  }),
  exempt: {},
};

export default fixture;
