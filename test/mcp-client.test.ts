import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION, McpError } from '@modelcontextprotocol/sdk/types.js';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { repoRoot } from './helpers/server-process.js';

/**
 * The SDK client in a process of its own, calling `ping` with messages of these sizes and then a
 * small one, printing what each call gave. In the server's own process the body is read before the
 * client's next write, so an answer given early never races the rest of the body as it does in use.
 */
const OVERSIZE_CLIENT = `
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
const [url, token, ...sizes] = process.argv.slice(1);
const client = new Client({ name: 'oversize', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: 'Bearer ' + token } } }));
const outcomes = [];
for (const size of [...sizes.map(Number), 1]) {
  try {
    const result = await client.callTool({ name: 'ping', arguments: { message: 'x'.repeat(size) } });
    outcomes.push({ size, answered: result.structuredContent.success });
  } catch (err) {
    outcomes.push({ size, code: err.code, message: err.message, cause: err.cause?.code ?? err.cause?.message });
  }
}
await client.close();
console.log(JSON.stringify(outcomes));
`;

interface Exchange {
  method: string;
  headers: Headers;
  body?: any;
  status: number;
}

describe('end to end with the official MCP client (StreamableHTTPClientTransport)', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let token: string;
  let shopId: number;
  let client: Client;
  let transport: StreamableHTTPClientTransport;
  const exchanges: Exchange[] = [];
  const transportErrors: Error[] = [];

  before(async () => {
    k = await bootKernel({ groups: ['general'] });
    ({ shopId, token } = await k.newShop('MCP client shop', { maxAgents: 4, credits: 75 }));
    const url = await k.listen();
    transport = new StreamableHTTPClientTransport(new URL(`${url}/`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
      // Records what the SDK sends and what the kernel answers, so the test can hold the wire to the spec.
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        exchanges.push({
          method: init?.method ?? 'GET',
          headers: new Headers(init?.headers),
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
          status: res.status,
        });
        return res;
      },
    });
    transport.onerror = (err) => transportErrors.push(err);
    client = new Client({ name: 'switchboard-e2e', version: '1.0.0' });
    await client.connect(transport);
  });

  after(async () => {
    await client?.close();
    await k?.close();
  });

  it('initializes: the SDK offers its latest revision (2025-11-25), which the server speaks and settles on', () => {
    const init = exchanges.find((e) => e.body?.method === 'initialize')!;
    expect(init.body.params.protocolVersion).to.equal(LATEST_PROTOCOL_VERSION);
    expect(init.status).to.equal(200);
    expect(transport.protocolVersion).to.equal('2025-11-25');
    expect(client.getServerVersion()).to.include({ name: 'switchboard' });
    expect(client.getServerCapabilities()).to.have.keys('tools', 'resources', 'prompts', 'completions', 'logging');
    expect(client.getInstructions()).to.match(/confirm/i);
  });

  it('every later request carries the negotiated MCP-Protocol-Version, and the kernel accepts it', async () => {
    await client.ping();
    const later = exchanges.filter((e) => e.body?.method !== 'initialize');
    expect(later).to.not.be.empty;
    for (const e of later) {
      expect(e.headers.get('mcp-protocol-version'), `${e.method} ${e.body?.method}`).to.equal('2025-11-25');
      expect(e.status, `${e.method} ${e.body?.method}`).to.be.oneOf([200, 202, 405]);
    }
    expect(transportErrors).to.deep.equal([]);
  });

  it('the notifications/initialized POST gets 202 and the SSE GET opens the session’s standing stream', async () => {
    const initialized = exchanges.find((e) => e.body?.method === 'notifications/initialized');
    expect(initialized?.status).to.equal(202);
    // The SDK opens the GET stream in the background after the 202, without awaiting it.
    for (let i = 0; i < 50 && !exchanges.some((e) => e.method === 'GET'); i++)
      await new Promise((r) => setTimeout(r, 20));
    const sse = exchanges.find((e) => e.method === 'GET');
    expect(sse?.status).to.equal(200);
    expect(sse?.headers.get('accept')).to.equal('text/event-stream');
    expect(sse?.headers.get('mcp-session-id')).to.be.a('string');
  });

  it('lists the tools with their schemas and annotations', async () => {
    const { tools, nextCursor } = await client.listTools();
    expect(nextCursor).to.equal(undefined);
    const ping = tools.find((t) => t.name === 'ping')!;
    expect(ping.inputSchema.type).to.equal('object');
    expect(ping.inputSchema.properties).to.have.property('message');
    expect(ping.annotations).to.include({ readOnlyHint: true, destructiveHint: false });
    expect(tools.map((t) => t.name)).to.include.members(['get_server_time', 'list_enabled_groups']);
  });

  it('calls a tool and gets text and structured content', async () => {
    const result = await client.callTool({ name: 'ping', arguments: { message: 'from the SDK' } });
    expect(result.isError).to.equal(false);
    const expected = { success: true, pong: true, shop: 'MCP client shop', echo: 'from the SDK' };
    expect(result.structuredContent).to.deep.equal(expected);
    expect(result.content).to.deep.equal([{ type: 'text', text: JSON.stringify(expected) }]);
  });

  it('invalid arguments come back as a tool result with isError, not a protocol error', async () => {
    const result = await client.callTool({ name: 'ping', arguments: { message: 42, extra: true } });
    expect(result.isError).to.equal(true);
    expect(result.structuredContent).to.include({ success: false, error_code: 'invalid_arguments' });
  });

  it('an unknown tool is a protocol error -32602', async () => {
    const err = await client.callTool({ name: 'no_such_tool', arguments: {} }).then(
      () => expect.fail('expected an error'),
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(McpError);
    expect((err as McpError).code).to.equal(-32602);
  });

  it('lists and reads the shop://profile resource', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).to.deep.equal(['shop://profile']);
    const read = await client.readResource({ uri: 'shop://profile' });
    const [content] = read.contents;
    expect(content).to.include({ uri: 'shop://profile', mimeType: 'application/json' });
    expect(JSON.parse((content as { text: string }).text)).to.deep.include({
      shop_id: shopId,
      name: 'MCP client shop',
      plan: { max_agents: 4 },
      credits: { balance: 75 },
      enabled_groups: ['general'],
    });
  });

  it('a body over the limit reaches the SDK client as the 413 and its JSON-RPC error, not as a failed fetch', async () => {
    const sizes = [2_000_000, 8_000_000, 8_000_000, 8_000_000, 16_000_000];
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', OVERSIZE_CLIENT, `${k.baseUrl()}/`, token, ...sizes.map(String)],
      { cwd: repoRoot, timeout: 50_000 },
    );
    const outcomes = JSON.parse(stdout);
    expect(outcomes.slice(0, -1)).to.deep.equal(
      sizes.map((size) => ({
        size,
        code: 413,
        message:
          'Streamable HTTP error: Error POSTing to endpoint: {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Request body too large: the limit is 1048576 bytes"}}',
      })),
    );
    // The same client goes on: the connection the server closed is replaced.
    expect(outcomes.at(-1)).to.deep.equal({ size: 1, answered: true });
  });

  it('closes without a DELETE (the session is signed, not held) and without transport errors', async () => {
    await client.close();
    expect(transport.sessionId).to.match(/^s1\./);
    expect(exchanges.filter((e) => e.method === 'DELETE')).to.deep.equal([]);
    expect(transportErrors).to.deep.equal([]);
  });
});
