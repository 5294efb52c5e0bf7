import { expect } from 'chai';
import { dovecot } from '../../../test/helpers/mail-servers/dovecot.js';
import { SmtpSink } from '../../../test/helpers/mail-servers/smtp-sink.js';
import { fakeCertificate } from '../../../test/helpers/storefronts/fake-server.js';
import { StoreData } from '../../../test/helpers/storefronts/store-data.js';
import { WooCommerceFake } from '../../../test/helpers/storefronts/woocommerce-fake.js';
import { caller, deliver, emailKernel, newMailbox, rawMail, type MailWorld } from './helpers.js';

describe('email: backfill_email_phones asks the storefront last', function () {
  this.timeout(60_000);
  let world: MailWorld;
  let store: WooCommerceFake;

  before(async () => {
    store = await new WooCommerceFake(StoreData.seed({ products: 1, customers: 4, orders: 4 }), {
      consumerKey: 'ck_mail',
      consumerSecret: 'cs_mail',
    }).start();
    const imap = await dovecot();
    const smtp = await new SmtpSink({ imap }).start();
    world = { k: undefined as never, imap, smtp };
    world.k = await emailKernel(world, {
      groups: ['integrations'],
      kernel: { network: { allowLoopback: true, trustedCaPem: fakeCertificate().certPem } },
    });
  });
  after(async () => {
    await world?.k.close();
    await world?.smtp.stop();
    await store?.stop();
  });

  it('resolves an address only the store knows, and goes on without a store that does not answer', async () => {
    const shop = await world.k.newShop('Mail and store');
    const c = caller(world.k, shop.token);
    const box = newMailbox(world);
    const accountId = (await c.confirmed('create_email_account', box.args)).account.id;
    await c.confirmed('connect_ecommerce', {
      platform_type: 'ecomB',
      ecomB_store_url: store.origin,
      ecomB_consumer_key: 'ck_mail',
      ecomB_consumer_secret: 'cs_mail',
    });
    // cliente2's phone is international in the store; cliente3's national ("600 100 003").
    await deliver(world, box, [
      rawMail({ from: 'cliente2@example.com', to: box.user, subject: 'Where is my parcel' }),
      rawMail({ from: 'stranger@example.com', to: box.user, subject: 'Hello' }),
    ]);
    await c.ok('sync_email_account', { account_id: accountId });
    const { results } = await c.ok('backfill_email_phones', { action: 'backfill_phones' });
    const of = (email: string) => results.find((r: any) => r.email === email);
    expect(of('cliente2@example.com')).to.include({ phone: '+34600100002', source: 'storefront' });
    expect(of('stranger@example.com')).to.include({ phone: null, source: 'not_found' });

    store.down = true;
    try {
      await deliver(world, box, [
        rawMail({ from: 'cliente1@example.com', to: box.user, subject: 'While the store is down' }),
      ]);
      await c.ok('sync_email_account', { account_id: accountId });
      const down = await c.ok('backfill_email_phones', { action: 'backfill_phones' });
      expect(down.results.find((r: any) => r.email === 'cliente1@example.com')).to.include({
        phone: null,
        source: 'not_found',
      });
    } finally {
      store.down = false;
    }
  });
});
