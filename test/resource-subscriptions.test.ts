import { expect } from 'chai';
import { createRequire } from 'node:module';
import type * as Pg from 'pg';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { TestDatabase } from './helpers/test-database.js';
import { waitFor } from './helpers/wait-for.js';
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

  /** An SDK client of `kernel` whose standing stream is open, and the URIs it hears updated. */
  async function connect(kernel: TestKernel, token: string) {
    const updated: string[] = [];
    let streamOpen = false;
    const client = new Client({ name: 'subscriptions-test', version: '1.0.0' });
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    const transport = new StreamableHTTPClientTransport(new URL(`${kernel.baseUrl()}/`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        if ((init?.method ?? 'GET') === 'GET' && res.status === 200) streamOpen = true;
        return res;
      },
    });
    await client.connect(transport);
    clients.push(client);
    await waitFor('the client’s standing stream is open', () => streamOpen);
    return { client, updated };
  }

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
    await new Promise((resolve) => setTimeout(resolve, 300));
    const heardBefore = updated.filter((u) => u === otherUri).length;
    await closeTicket(shop.token, other);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(updated.filter((u) => u === otherUri)).to.have.length(heardBefore);
    expect(updated.filter((u) => u !== otherUri)).to.deep.equal([uri]);
  });

  it('a shop cannot subscribe to another shop’s record, and never hears of its changes', async () => {
    const owner = await a.newShop('Owner shop');
    const stranger = await a.newShop('Stranger shop');
    const id = await newTicket(owner.token, 'Private matter');
    const own = await newTicket(stranger.token, 'Own ticket');
    const { client, updated } = await connect(b, stranger.token);

    const refused = await client.subscribeResource({ uri: `shop://tickets/${id}` }).then(
      () => null,
      (err: { code?: number }) => err,
    );
    expect(refused?.code).to.equal(-32002);
    await client.subscribeResource({ uri: `shop://tickets/${own}` });
    // The session's rows are the stranger's own, whatever URI they name.
    await b.orm.em
      .getConnection()
      .execute(`select count(*) from mcp_subscriptions where shop_id = ?`, [owner.shopId])
      .then((rows) => expect(Number(rows[0].count)).to.equal(0));

    await closeTicket(owner.token, id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(updated).to.deep.equal([]);
  });

  it('a resource that does not exist cannot be subscribed to; a client without a session is told it needs one', async () => {
    const shop = await a.newShop('Missing shop');
    const { client } = await connect(b, shop.token);
    const missing = await client.subscribeResource({ uri: 'shop://nothing-here' }).then(
      () => null,
      (err: { code?: number }) => err,
    );
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
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).to.deep.equal([]);
    } finally {
      await listener.end();
    }
  });
});
