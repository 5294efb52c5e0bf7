import { expect } from 'chai';
import { ok, rows } from '../../../test/helpers/ops-kernel.js';
import { recorded } from '../../../test/fixtures/service-probe/index.js';
import { signBody } from './fakes/graph-webhook-emitter.js';
import { APP_SECRET, cloudKernel, NUMBER, TEMPLATES, VERIFY_TOKEN, type CloudKernel } from './helpers/cloud-kernel.js';

/** The second shop's own Meta account. */
const WABA_B = '102290129340777';
const NUMBER_B = { id: '106540352249001', display_phone_number: '+34 711 00 09 01', verified_name: 'Tienda Sol' };
const TOKEN_B = 'EAAJB-second-token-abcdefghijklmnopqrstuvwxyz';
const APP_SECRET_B = 'second-app-secret-0123456789abcdef';
const ORDER = ['sent', 'delivered', 'read'];

interface Shop {
  shopId: number;
  webhookUrl: string;
  appSecret: string;
  numberId: string;
  lineId: number;
}

describe('whatsapp_ops: Cloud API notifications stored in groups (group commit)', () => {
  let c: CloudKernel;
  let a: Shop;
  let b: Shop;
  let batchNo = 0;

  before(async () => {
    c = await cloudKernel({
      ops: { config: { cloudApi: { webhookGroup: { maxNotifications: 10, maxWaitMs: 50 } } } },
    });
    a = { shopId: c.shopId, webhookUrl: c.webhookUrl, appSecret: APP_SECRET, numberId: NUMBER.id, lineId: c.line.id };
    c.fake.addAccount({ wabaId: WABA_B, token: TOKEN_B, numbers: [NUMBER_B], templates: TEMPLATES });
    const other = await c.k.newShop('Second cloud shop', { credits: 10_000 });
    const { provider } = await ok(c.k, other.token, 'configure_chatapp_provider', {
      label: 'Meta',
      cloud_api: { waba_id: WABA_B, access_token: TOKEN_B, app_secret: APP_SECRET_B, verify_token: VERIFY_TOKEN },
    });
    const { session } = await ok(c.k, other.token, 'connect_chatapp', {
      provider_id: provider.id,
      phone_number_id: NUMBER_B.id,
    });
    b = {
      shopId: other.shopId,
      webhookUrl: provider.webhook_url,
      appSecret: APP_SECRET_B,
      numberId: NUMBER_B.id,
      lineId: session.id,
    };
  });
  after(async () => {
    await c?.fake.close();
    await c?.k.close();
  });

  /** Outbound messages the network took (`sent`), written directly: only their statuses matter here. */
  const taken = async (shop: Shop, count: number, text = 'Hola'): Promise<{ id: number; wamid: string }[]> => {
    const prefix = `wamid.gc${++batchNo}.${shop.shopId}.`;
    return rows(
      c.k,
      `insert into chatapp_messages (shop_id, session_id, phone, direction, text, status, provider_message_id, automatic,
         billing_source, credits_charged, sent_at, created_at, updated_at)
       select ?, ?, '+3462' || lpad(g::text, 7, '0'), 'outbound', ?, 'sent', ? || g, true, 'marketing', 0, now(), now(), now()
       from generate_series(1, ?) g
       returning id, provider_message_id as wamid`,
      [shop.shopId, shop.lineId, text, prefix, count],
    );
  };
  /** One status in a notification, signed as Meta signs it. */
  const notification = (shop: Shop, wamid: string, status: string) => {
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: shop === a ? '102290129340398' : WABA_B,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '34711000100', phone_number_id: shop.numberId },
                statuses: [
                  { id: wamid, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: '34620000001' },
                ],
              },
            },
          ],
        },
      ],
    });
    return { shop, wamid, status, raw, signature: signBody(shop.appSecret, raw) };
  };
  const post = async (n: ReturnType<typeof notification>) =>
    (
      await fetch(n.shop.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': n.signature },
        body: n.raw,
      })
    ).status;
  const shuffled = <T>(list: T[]) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  };
  const statesOf = async (ids: number[]) =>
    new Map(
      (await rows(c.k, 'select id, shop_id, status from chatapp_messages where id in (?)', [ids])).map((m: any) => [
        m.id,
        m,
      ]),
    );
  /** The shop's processed status events, with their transaction's start (processed_at is now()). */
  const processedOf = async (shop: Shop) =>
    rows(c.k, 'select event_id, processed_at from chatapp_processed_events where shop_id = ?', [shop.shopId]);

  it('many concurrent one-status notifications of two shops, repeated and out of order: each applied once, forward only, in its own shop, in shared transactions', async () => {
    const messages = new Map<Shop, { id: number; wamid: string }[]>([
      [a, await taken(a, 15)],
      [b, await taken(b, 15)],
    ]);
    const distinct = [...messages].flatMap(([shop, list]) =>
      list.flatMap((m) => ['delivered', 'read'].map((status) => notification(shop, m.wamid, status))),
    );
    // A fifth sent again, as Meta retries; all in random order, all at once.
    const posted = shuffled([...distinct, ...distinct.filter((_, i) => i % 5 === 0)]);
    const processedBefore = new Map([
      [a, (await processedOf(a)).length],
      [b, (await processedOf(b)).length],
    ]);
    const emittedBefore = recorded.length;

    const answers = await Promise.all(posted.map(post));

    expect(answers.every((s) => s === 200)).to.equal(true, `answers: ${answers.join(' ')}`);
    for (const [shop, list] of messages) {
      const states = await statesOf(list.map((m) => m.id));
      for (const m of list) expect(states.get(m.id)).to.include({ shop_id: shop.shopId, status: 'read' });
      // Every distinct status recorded once, in its own shop.
      const processed = await processedOf(shop);
      expect(processed.length - processedBefore.get(shop)!).to.equal(list.length * 2);
      // Concurrent notifications shared transactions: fewer transaction starts than notifications.
      const transactions = new Set(processed.slice(processedBefore.get(shop)!).map((p: any) => String(p.processed_at)));
      expect(transactions.size).to.be.below(list.length * 2);
      // Each change emitted once, forward only, to the message's own shop.
      for (const m of list) {
        const emitted = recorded
          .slice(emittedBefore)
          .filter((e) => e.name === 'whatsapp_ops.message_status' && e.payload.message_id === m.id);
        expect(emitted.every((e) => e.shopId === shop.shopId)).to.equal(true);
        const statuses = emitted.map((e) => e.payload.status as string);
        expect(statuses.at(-1)).to.equal('read');
        expect(new Set(statuses).size).to.equal(statuses.length);
        expect(statuses.map((s) => ORDER.indexOf(s))).to.deep.equal(
          [...statuses.map((s) => ORDER.indexOf(s))].sort((x, y) => x - y),
        );
      }
    }
  });

  it('a notification whose commit fails is answered non-2xx and nothing of it is written; the others of its group are stored and answered 200, and its retry is then stored', async () => {
    const [poisoned] = await taken(a, 1, 'refused at commit');
    const others = [...(await taken(a, 12)), ...(await taken(b, 6))];
    // Fails only when the transaction commits: after every statement of the group succeeded.
    await rows(
      c.k,
      `create function gc_refuse_at_commit() returns trigger language plpgsql as
         $$ begin raise exception 'refused at commit'; end $$`,
    );
    await rows(
      c.k,
      `create constraint trigger gc_refuse_at_commit after update on chatapp_messages deferrable initially deferred
       for each row when (new.text = 'refused at commit') execute function gc_refuse_at_commit()`,
    );
    try {
      const bOf = new Set(others.slice(12).map((m) => m.id));
      const posted = shuffled([
        ...others.map((m) => notification(bOf.has(m.id) ? b : a, m.wamid, 'delivered')),
        notification(a, poisoned!.wamid, 'delivered'),
      ]);
      const answers = await Promise.all(posted.map(post));
      for (const [i, n] of posted.entries())
        if (n.wamid === poisoned!.wamid) expect(answers[i]).to.be.within(500, 599);
        else expect(answers[i]).to.equal(200);
      const states = await statesOf([poisoned!.id, ...others.map((m) => m.id)]);
      expect(states.get(poisoned!.id)).to.include({ status: 'sent' });
      for (const m of others) expect(states.get(m.id)).to.include({ status: 'delivered' });
      // The refused status is not recorded as processed either: Meta's retry is not taken for a repeat.
      const processed = await rows(c.k, `select count(*)::int as n from chatapp_processed_events where shop_id = ?`, [
        a.shopId,
      ]);
      await rows(c.k, 'drop trigger gc_refuse_at_commit on chatapp_messages');
      expect(await post(notification(a, poisoned!.wamid, 'delivered'))).to.equal(200);
      expect((await statesOf([poisoned!.id])).get(poisoned!.id)).to.include({ status: 'delivered' });
      const after = await rows(c.k, `select count(*)::int as n from chatapp_processed_events where shop_id = ?`, [
        a.shopId,
      ]);
      expect(after[0].n - processed[0].n).to.equal(1);
    } finally {
      await rows(c.k, 'drop trigger if exists gc_refuse_at_commit on chatapp_messages');
      await rows(c.k, 'drop function if exists gc_refuse_at_commit()');
    }
  });
});
