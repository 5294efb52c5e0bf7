import { expect } from 'chai';

import { FakeOpenAi } from '../../../test/helpers/fake-openai.js';
import { rows } from '../../../test/helpers/ops-kernel.js';
import { caller, deliver, emailKernel, newMailbox, rawMail, type MailWorld } from './helpers.js';
import { dovecot } from '../../../test/helpers/mail-servers/dovecot.js';
import { SmtpSink } from '../../../test/helpers/mail-servers/smtp-sink.js';

const CLASSIFY_JOB = 'email.classify-email-threads';

describe('email classification (AI or rules) and stats', () => {
  let world: MailWorld;
  let fake: FakeOpenAi;
  let c: ReturnType<typeof caller>;
  let plain: ReturnType<typeof caller>;

  before(async () => {
    const imap = await dovecot();
    const smtp = await new SmtpSink({ imap }).start();
    fake = await new FakeOpenAi().start();
    world = { imap, smtp, k: undefined as never };
    world.k = await emailKernel(world, { groups: ['prompt'] });
    c = caller(world.k, (await world.k.newShop('Classify shop')).token);
    plain = caller(world.k, (await world.k.newShop('Rules shop')).token);
  });
  after(async () => {
    await world?.k.close();
    await world?.smtp.stop();
    await fake?.close();
  });

  async function inbox(
    who: ReturnType<typeof caller>,
    mails: Parameters<typeof rawMail>[0][],
    extra: Record<string, unknown> = {},
  ) {
    const box = newMailbox(world, extra);
    const { account } = await who.confirmed('create_email_account', box.args);
    await deliver(
      world,
      box,
      mails.map((m) => rawMail({ ...m, to: box.user })),
    );
    await who.ok('sync_email_account', { account_id: account.id });
    return {
      box,
      account,
      threads: (await who.ok('list_email_threads', { account_id: account.id, limit: 100 })).threads,
    };
  }

  it('the built-in rules classify when the shop has no model, and say why', async () => {
    const { threads } = await inbox(plain, [
      { from: 'a@x.example', to: '', subject: 'Where is my parcel?', text: 'The tracking number shows nothing.' },
      {
        from: 'b@x.example',
        to: '',
        subject: 'Quiero una devolución',
        text: 'Quiero devolver las zapatillas y el reembolso.',
      },
      {
        from: 'c@x.example',
        to: '',
        subject: 'This is unacceptable',
        text: 'I will contact my lawyer about this fraud.',
      },
      { from: 'd@x.example', to: '', subject: 'Hello', text: 'Just saying hi.' },
    ]);
    const by = (subject: string) => threads.find((t: any) => t.subject === subject);
    const parcel = await plain.ok('classify_email_thread', { thread_id: by('Where is my parcel?').id });
    expect(parcel).to.include({
      category: 'shipping',
      intent: 'delivery_question',
      priority: 'P2',
      classified_by: 'rules',
    });
    expect(parcel.fallback_reason).to.equal('the shop has no language model (configure_ai_provider)');
    expect((await plain.ok('classify_email_thread', { thread_id: by('Quiero una devolución').id })).category).to.equal(
      'return',
    );
    expect(await plain.ok('classify_email_thread', { thread_id: by('This is unacceptable').id })).to.include({
      category: 'complaint',
      priority: 'P0',
    });
    expect((await plain.ok('classify_email_thread', { thread_id: by('Hello').id })).category).to.equal('other');
    const stored = (
      await plain.ok('get_email_thread', { thread_id: by('Where is my parcel?').id, include_bodies: false })
    ).thread;
    expect(stored).to.include({
      category: 'shipping',
      intent: 'delivery_question',
      priority: 'P2',
      classified_by: 'rules',
    });
    await plain.fails('classify_email_thread', { thread_id: 99_999_999 }, 'not_found');
  });

  it('the shop’s model classifies when the account allows it; new threads are classified in the background', async () => {
    await c.ok('configure_ai_provider', {
      provider: 'openai_compatible',
      base_url: fake.baseUrl,
      api_key: fake.apiKey,
      chat_model: 'fake-chat',
    });
    fake.reply = JSON.stringify({ category: 'billing', intent: 'invoice_copy', priority: 'P2', confidence: 0.834 });
    const { account, threads } = await inbox(c, [
      { from: 'e@x.example', to: '', subject: 'Need my invoice', text: 'Could you send the invoice again?' },
    ]);
    const ai = await c.ok('classify_email_thread', { thread_id: threads[0].id });
    expect(ai).to.include({
      category: 'billing',
      intent: 'invoice_copy',
      priority: 'P2',
      confidence: 0.83,
      classified_by: 'ai',
      fallback_reason: null,
    });
    const asked = fake.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!;
    expect(JSON.stringify(asked.body)).to.include('Need my invoice');

    await c.ok('update_email_account', { account_id: account.id, ai_classification_enabled: 0 });
    expect(await c.ok('classify_email_thread', { thread_id: threads[0].id })).to.include({
      classified_by: 'rules',
      fallback_reason: null,
    });

    const other = await inbox(c, [
      { from: 'f@x.example', to: '', subject: 'Invoice please', text: 'Please send the invoice.' },
    ]);
    expect(other.threads[0].classified_by).to.equal(null);
    await world.k.scheduler.runTick(CLASSIFY_JOB, new Date(Date.UTC(2005, 0, 1, 0, 0, 30)));
    const background = (await c.ok('get_email_thread', { thread_id: other.threads[0].id, include_bodies: false }))
      .thread;
    expect(background).to.include({ category: 'billing', classified_by: 'ai' });
  });

  it('get_email_stats: received, sent, threads started and answered, median first response, by status and category, unassigned', async () => {
    const { account, threads } = await inbox(plain, [
      { from: 'g@x.example', to: '', subject: 'Stats one', date: new Date(Date.now() - 3_600_000) },
      { from: 'h@x.example', to: '', subject: 'Stats two', date: new Date(Date.now() - 3_600_000) },
    ]);
    const { message } = await plain.ok('reply_email_thread', { thread_id: threads[0].id, body_text: 'Answered' });
    await rows(world.k, `update email_messages set status = 'sent', sent_at = now() where id = ?`, [message.id]);
    await rows(world.k, `update email_threads set first_response_at = now() where id = ?`, [threads[0].id]);
    await plain.ok('update_email_thread', { thread_id: threads[1].id, status: 'closed' });
    const stats = await plain.ok('get_email_stats', { account_id: account.id });
    expect(stats).to.include({
      account_id: account.id,
      received: 2,
      sent: 1,
      failed: 0,
      threads_started: 2,
      threads_responded: 1,
      open_unassigned: 1,
    });
    expect(stats.median_first_response_seconds).to.be.within(3500, 3700);
    expect(stats.by_status).to.deep.equal({ open: 1, closed: 1 });
    expect(stats.by_category).to.deep.equal({ unclassified: 2 });
    const past = await plain.ok('get_email_stats', {
      account_id: account.id,
      date_from: '2020-01-01',
      date_to: '2020-01-31',
    });
    expect(past).to.include({ received: 0, sent: 0, threads_started: 0 });
    await plain.fails('get_email_stats', { date_from: '2021-02-01', date_to: '2021-01-01' }, 'invalid_arguments');
    await plain.fails('get_email_stats', { account_id: 99_999_999 }, 'not_found');
  });
});
