import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, caller, connectedLine, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { dovecot, type Dovecot } from '../../../test/helpers/mail-servers/dovecot.js';
import { SmtpSink } from '../../../test/helpers/mail-servers/smtp-sink.js';
import { freshUser, newMailbox } from '../../../test/helpers/mail-servers/mailbox.js';
import { fakeCertificate } from '../../../test/helpers/storefronts/fake-server.js';
import { StoreData } from '../../../test/helpers/storefronts/store-data.js';
import { WooCommerceFake } from '../../../test/helpers/storefronts/woocommerce-fake.js';

describe('products: answers by email to customers who left an address (the email group, Dovecot and an SMTP server)', function () {
  this.timeout(60_000);
  let imap: Dovecot;
  let smtp: SmtpSink;
  let woo: WooCommerceFake;
  let k: TestKernel;
  let c: ReturnType<typeof caller>;
  let token: string;
  let productId: number;

  const ask = async (question: string, extra: Record<string, unknown>) =>
    (await c.ok('submit_product_question', { product_id: productId, question, ...extra })).question.question_id;
  const answer = async (questionId: number, text: string) =>
    (await c.ok('answer_product_question', { question_id: questionId, answer: text })).question;
  /** The mails that reached the SMTP server for `to`, once the outbox has sent what is queued. */
  const mailsTo = async (to: string, count: number) =>
    waitFor(`${count} mail(s) to ${to}`, async () => {
      await k.outbox.deliverDue();
      const got = smtp.received.filter((r) => r.to.includes(to));
      return got.length >= count && got;
    });

  before(async () => {
    imap = await dovecot();
    smtp = await new SmtpSink({ imap }).start();
    woo = await new WooCommerceFake(StoreData.seed({ products: 2, customers: 1, orders: 1 }), {
      consumerKey: 'ck_qm',
      consumerSecret: 'cs_qm',
    }).start();
    k = await bootOps({
      groups: ['agents', 'integrations', 'products', 'email'],
      groupConfigs: { email: { trustedCaPem: imap.caPem } },
      kernel: { network: { trustedCaPem: fakeCertificate().certPem } },
    });
    const shop = await k.shops.create({ name: 'Tienda Sol', credits: 100_000 });
    token = shop.token;
    c = caller(k, token);
    await connectedLine(k, shop.token, {}, '+34711000960');
    const store = {
      platform_type: 'ecomB',
      ecomB_store_url: woo.origin,
      ecomB_consumer_key: 'ck_qm',
      ecomB_consumer_secret: 'cs_qm',
    };
    await k.call(shop.token, 'connect_ecommerce', store);
    await c.ok('connect_ecommerce', { ...store, confirm: true });
    await c.ok('sync_products', { mode: 'full' });
    await waitFor('the sync', async () => (await c.ok('get_product_sync_status')).sync_run.status !== 'running');
    productId = (await c.ok('get_product', { external_id: '1000' })).product.product_id;
  });
  after(async () => {
    await k?.close();
    await smtp?.stop();
    await woo?.stop();
  });

  it('without a mailbox the answer is kept and notify_error says why', async () => {
    const id = await ask('Is it machine washable?', { email: 'early@example.com' });
    expect(await answer(id, 'Yes, at 30 degrees.')).to.include({
      status: 'answered',
      notified_at: null,
      notified_via: null,
      notify_error: 'the shop has no active email account to answer from',
    });
  });

  it('answers by email once, quoting the question, from the shop’s mailbox; a refused phone falls back to the email', async () => {
    const box = newMailbox({ imap, smtp }, { smtp_from_name: 'Tienda Sol' }, freshUser('products'));
    expect((await k.call(token, 'create_email_account', box.args)).payload).to.include({ requires_confirmation: true });
    await c.ok('create_email_account', { ...box.args, confirm: true });

    const id = await ask('Does it come in XL?', { email: 'Ana@Example.com', customer_name: 'Ana' });
    const answered = await answer(id, 'Yes, XL arrives next week.');
    expect(answered).to.include({ notified_via: 'email', notify_error: null });
    expect(answered.notified_at).to.be.a('string');
    const [mail] = await mailsTo('ana@example.com', 1);
    expect(mail!.subject).to.equal('Camiseta roja 0');
    const text = mail!.raw.toString('utf8');
    expect(text).to.include('> Does it come in XL?');
    expect(text).to.include('Yes, XL arrives next week.');
    // Answering again changes the answer, not the customer's inbox.
    await answer(id, 'Yes, XL arrives on Monday.');
    await k.outbox.deliverDue();
    expect(smtp.received.filter((r) => r.to.includes('ana@example.com'))).to.have.length(1);
    const [thread] = await rows(k, `select status from email_threads where counterpart = 'ana@example.com'`);
    expect(thread.status).to.equal('closed');

    await c.ok('add_chatapp_optout', { action: 'add', phone: '+34600333444', reason: 'no messages, please' });
    const both = await ask('Is the print durable?', { phone: '+34600333444', email: 'luis@example.com' });
    const fellBack = await answer(both, 'It survives 50 washes.');
    expect(fellBack.notified_via).to.equal('email');
    expect(fellBack.notify_error).to.match(/opt/i);
    expect(await mailsTo('luis@example.com', 1)).to.have.length(1);
  });
});
