import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { TestDatabase } from './helpers/test-database.js';
import type { ServerProcess } from './helpers/server-process.js';
import type { TestKernel } from './helpers/boot.js';
import { deployment, seedKernel, startServer, type Deployment } from './helpers/deployment.js';
import { waitFor } from './helpers/wait-for.js';

const GROUPS = ['general', 'agents', 'customers', 'tickets', 'whatsapp_ops'];

/**
 * Two real server processes, compiled as `npm start` runs them, on one PostgreSQL: what a client
 * sends to one reaches what waits on the other, through the database's notifications.
 */
describe('two server processes: client answers and resource updates cross between them', function () {
  this.timeout(300_000);

  let db: TestDatabase;
  let d: Deployment;
  let k: TestKernel;
  let token: string;
  const servers: ServerProcess[] = [];
  const clients: Client[] = [];

  before(async function () {
    // Several servers on one database is a PostgreSQL deployment.
    if (process.env.TEST_DATABASE === 'pglite') this.skip();
    db = await TestDatabase.create();
    d = await deployment(db.url, 'answers', GROUPS, {});
    k = await seedKernel(d);
    ({ token } = await k.shops.create({ name: 'Two processes shop', credits: 10_000 }));
    servers.push(await startServer(d), await startServer(d));
  });
  after(async () => {
    for (const client of clients) await client.close();
    for (const server of servers) await server.stop();
    await k?.close();
    await db?.drop();
  });

  /** An SDK client of `server`; its answers to server requests are POSTed to `answers` instead. */
  async function connect(server: ServerProcess, answers: ServerProcess, onElicit?: () => Record<string, unknown>) {
    const updated: string[] = [];
    let streamOpen = false;
    const client = new Client(
      { name: 'two-processes-test', version: '1.0.0' },
      { capabilities: onElicit ? { elicitation: { form: {} } } : {} },
    );
    if (onElicit) client.setRequestHandler(ElicitRequestSchema, async () => onElicit() as never);
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
      fetch: async (input, init) => {
        const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
        const isAnswer = body && body.method === undefined && 'result' in body;
        const res = await fetch(isAnswer ? `${answers.url}/` : input, init);
        if ((init?.method ?? 'GET') === 'GET' && res.status === 200) streamOpen = true;
        return res;
      },
    });
    await client.connect(transport);
    clients.push(client);
    await waitFor('the client’s standing stream is open', () => streamOpen);
    return { client, updated };
  }

  it('the person’s answer to a request sent by one process, POSTed to the other, decides the call', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const scheduled = (
      await k.call(token, 'schedule_chatapp_message', {
        phone: '+34600555111',
        message: 'Reminder: your appointment',
        send_at: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).payload.scheduled_message;
    let asked = 0;
    const { client } = await connect(a, b, () => {
      asked += 1;
      return { action: 'accept', content: { confirm: true } };
    });
    const result = await client.callTool({
      name: 'cancel_scheduled_message',
      arguments: { action: 'cancel', id: scheduled.id },
    });
    expect(asked, JSON.stringify(result.structuredContent)).to.equal(1);
    expect(result.structuredContent, JSON.stringify(result.structuredContent)).to.deep.include({ success: true });
    expect((result.structuredContent as any).scheduled_message.status).to.equal('cancelled');
  });

  it('a record changed through one process is announced to the subscriber whose stream the other holds', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const id = (
      await k.call(token, 'create_ai_ticket', { action: 'create', title: 'Across processes', phone: '+34600555222' })
    ).payload.ticket.id as number;
    const { client, updated } = await connect(b, b);
    await client.subscribeResource({ uri: `shop://tickets/${id}` });
    const res = await fetch(`${a.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'close_ai_ticket', arguments: { action: 'close', ticket_id: id } },
      }),
    });
    expect(((await res.json()) as any).result.structuredContent.success).to.equal(true);
    await waitFor('the update reached the subscriber', () => updated.length > 0);
    expect(updated).to.deep.equal([`shop://tickets/${id}`]);
  });
});
