import { expect } from 'chai';
import { createRequire } from 'node:module';
import type * as Pg from 'pg';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { TestDatabase } from './helpers/test-database.js';
import { waitFor } from './helpers/wait-for.js';
import { pause, refusal, resourceSubscriber } from './helpers/resource-subscriber.js';
import { NOTICES_CHANNEL } from '../core/mcp/session-notices.js';

const require = createRequire(import.meta.url);
const { Client: PgClient } = require('pg') as typeof Pg;

const GROUPS = ['general', 'agents', 'customers', 'tickets'];

/**
 * resources/subscribe with the official SDK client, across two server processes on one database:
 * the client's standing stream is held by one, the record changes through the other.
 */
describe('resource subscriptions', function () {
  this.timeout(120_000);

  let db: TestDatabase;
  let a: TestKernel;
  let b: TestKernel;
  const clients: Client[] = [];

  before(async () => {
    db = await TestDatabase.create();
    a = await bootKernel({ groups: GROUPS, databaseUrl: db.url });
    b = await bootKernel({ groups: GROUPS, databaseUrl: db.url });
    await a.listen();
    await b.listen();
  });
  after(async () => {
    for (const client of clients) await client.close();
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  const connect = (kernel: TestKernel, token: string) => resourceSubscriber(kernel, token, clients);

  const newTicket = async (token: string, title: string) =>
    (await a.call(token, 'create_ai_ticket', { action: 'create', title, phone: '+34600111222' })).payload.ticket
      .id as number;
  const closeTicket = async (token: string, id: number) => {
    const { payload } = await a.call(token, 'close_ai_ticket', { action: 'close', ticket_id: id });
    expect(payload.success, JSON.stringify(payload)).to.equal(true);
  };

  it('advertises resources.subscribe', async () => {
    const shop = await a.newShop('Capabilities shop');
    const { client } = await connect(b, shop.token);
    expect(client.getServerCapabilities()?.resources).to.deep.equal({ subscribe: true, listChanged: false });
  });

  it('a change made through one process reaches the subscriber whose stream another holds; unsubscribed, it does not', async () => {
    const shop = await a.newShop('Subscribing shop');
    const id = await newTicket(shop.token, 'Parcel lost');
    const other = await newTicket(shop.token, 'Wrong size');
    const uri = `shop://tickets/${id}`;
    const { client, updated } = await connect(b, shop.token);
    expect(await client.subscribeResource({ uri })).to.deep.equal({});
    await client.subscribeResource({ uri: `shop://tickets/${other}` });

    await closeTicket(shop.token, id);
    await waitFor('the update reached the subscriber', () => updated.includes(uri));

    // Unsubscribed, the other ticket's close is not announced (whatever was said of it before).
    const otherUri = `shop://tickets/${other}`;
    expect(await client.unsubscribeResource({ uri: otherUri })).to.deep.equal({});
    await pause(300);
    const heardBefore = updated.filter((u) => u === otherUri).length;
    await closeTicket(shop.token, other);
    await pause(300);
    expect(updated.filter((u) => u === otherUri)).to.have.length(heardBefore);
    expect(updated.filter((u) => u !== otherUri)).to.deep.equal([uri]);
  });

  it('changes no status event told before announce the ticket too: a note, a priority, a resolution waiting for its follow-up, a reopening; a close with a reason is announced once', async () => {
    const shop = await a.newShop('Noting shop');
    const id = await newTicket(shop.token, 'Late delivery');
    const uri = `shop://tickets/${id}`;
    const { client, updated } = await connect(b, shop.token);
    await client.subscribeResource({ uri });
    const ok = async (tool: string, args: Record<string, unknown>) => {
      const { payload } = await a.call(shop.token, tool, { ticket_id: id, ...args });
      expect(payload.success, JSON.stringify(payload)).to.equal(true);
    };
    const heard = (n: number, what: string) => waitFor(what, () => updated.length >= n);

    await ok('add_ai_ticket_note', { action: 'add', body: 'Called the courier' });
    await heard(1, 'the note announced');
    await ok('update_ai_ticket', { priority: 'P0' });
    await heard(2, 'the priority change announced');
    // The priority it already has changes nothing, and announces nothing.
    await ok('update_ai_ticket', { priority: 'P0' });
    await ok('add_ai_ticket_agent_resolution', { action: 'add', body: 'Refund sent', resolve_after_notify: true });
    await heard(3, 'the resolution announced');
    await ok('reopen_ai_ticket', {});
    await heard(4, 'the reopening announced');
    await ok('close_ai_ticket', { action: 'close', reason: 'Customer withdrew' });
    await heard(5, 'the close announced');
    await pause(300);
    expect(updated).to.deep.equal([uri, uri, uri, uri, uri]);
  });

  it('a shop cannot subscribe to another shop’s record, and never hears of its changes', async () => {
    const owner = await a.newShop('Owner shop');
    const stranger = await a.newShop('Stranger shop');
    const id = await newTicket(owner.token, 'Private matter');
    const own = await newTicket(stranger.token, 'Own ticket');
    const { client, updated } = await connect(b, stranger.token);

    const refused = await refusal(client, `shop://tickets/${id}`);
    expect(refused?.code).to.equal(-32002);
    await client.subscribeResource({ uri: `shop://tickets/${own}` });
    // The session's rows are the stranger's own, whatever URI they name.
    await b.orm.em
      .getConnection()
      .execute(`select count(*) from mcp_subscriptions where shop_id = ?`, [owner.shopId])
      .then((rows) => expect(Number(rows[0].count)).to.equal(0));

    await closeTicket(owner.token, id);
    await pause(300);
    expect(updated).to.deep.equal([]);
  });

  it('a resource that does not exist cannot be subscribed to; a client without a session is told it needs one', async () => {
    const shop = await a.newShop('Missing shop');
    const { client } = await connect(b, shop.token);
    const missing = await refusal(client, 'shop://nothing-here');
    expect(missing?.code).to.equal(-32002);

    const sessionless = await a.rpc(
      { jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'shop://profile' } },
      shop.token,
    );
    expect(sessionless.body.error.code).to.equal(-32600);
    expect(sessionless.body.error.message).to.match(/Mcp-Session-Id/);
  });

  it('a change in a shop no session watches is not announced at all', async () => {
    const shop = await a.newShop('Quiet shop');
    const id = await newTicket(shop.token, 'Nobody watches');
    const listener = new PgClient({ connectionString: db.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query(`listen ${NOTICES_CHANNEL}`);
    try {
      await closeTicket(shop.token, id);
      await pause(300);
      expect(heard).to.deep.equal([]);
    } finally {
      await listener.end();
    }
  });
});
