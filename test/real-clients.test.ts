import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { repoRoot } from './helpers/server-process.js';

/** What a client gives back from a call: the structured content, or the failure it met. */
type Outcome = { ok: true; payload: Record<string, any> } | { ok: false; error: string };

interface ClientUnderTest {
  /** Every tool the client loaded, with the output schema when the client keeps it. */
  tools(): Promise<{ name: string; outputSchema?: unknown }[]>;
  call(name: string, args: Record<string, unknown>): Promise<Outcome>;
  close(): Promise<void>;
}

/** The official SDK client: it validates every structuredContent against the tool's outputSchema (Ajv). */
function sdkClient(client: Client): ClientUnderTest {
  return {
    tools: async () => (await client.listTools()).tools,
    call: async (name, args) => {
      try {
        const result = await client.callTool({ name, arguments: args });
        const payload = result.structuredContent as Record<string, any>;
        return result.isError ? { ok: false, error: JSON.stringify(payload) } : { ok: true, payload };
      } catch (err) {
        return { ok: false, error: `client refused: ${(err as Error).message}` };
      }
    },
    close: () => client.close(),
  };
}

/**
 * Calls across groups, answers with nullable fields, shapes shared under `$defs`, an agent-
 * confirmed first answer and a failure: each answer must pass the client's own checks.
 */
async function exercise(client: ClientUnderTest, tag: string) {
  const tools = await client.tools();
  const names = tools.map((t) => t.name);
  expect(names).to.include.members(['ping', 'create_agent', 'get_agent', 'create_ai_ticket', 'get_ai_ticket']);
  const calls: [string, Record<string, unknown>][] = [];
  const ok = async (name: string, args: Record<string, unknown>) => {
    calls.push([name, args]);
    const outcome = await client.call(name, args);
    expect(outcome.ok, `${name}: ${outcome.ok ? '' : outcome.error}`).to.equal(true);
    return (outcome as { payload: Record<string, any> }).payload;
  };
  expect((await ok('ping', {})).success).to.equal(true);
  const { agent } = await ok('create_agent', {
    action: 'create',
    nickname: `Ana ${tag}`,
    full_name: 'Ana Ruiz',
    email: `ana.${tag}@example.com`,
  });
  expect(agent.phone).to.equal(null);
  expect((await ok('get_agent', { agent_id: agent.id })).agent.permissions.tickets).to.have.property('view');
  const { ticket } = await ok('create_ai_ticket', { action: 'create', title: `Refund ${tag}`, phone: '+34600111222' });
  const fetched = (await ok('get_ai_ticket', { ticket_id: ticket.id })).ticket;
  expect(fetched.resolved_at).to.equal(null);
  expect(fetched.status).to.equal('open');
  await ok('add_customer_tag', { action: 'add', phone: '+34600111222', tag_name: 'VIP' });
  const missing = await client.call('get_ai_ticket', { ticket_id: 2_000_000_000 });
  expect(missing.ok).to.equal(false);
  // The failure reached the client as the tool's answer, not as a schema mismatch.
  expect((missing as { error: string }).error).to.match(/not_found/);
  return calls;
}

describe('real MCP clients on the compacted schemas: list tools and call them across groups', function () {
  this.timeout(180_000);

  let k: TestKernel;
  let url: string;
  let token: string;

  before(async () => {
    k = await bootKernel({ groups: ['general', 'agents', 'customers', 'tickets'] });
    ({ token } = await k.newShop('Clients shop', { maxAgents: 10 }));
    url = `${await k.listen()}/`;
  });

  after(async () => {
    await k?.close();
  });

  it('the output schemas the clients get are compacted: a record described once per group, shared shapes under $defs, nullable fields as type lists', async () => {
    const client = new Client({ name: 'schemas', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    try {
      const tools = Object.fromEntries((await client.listTools()).tools.map((t) => [t.name, t]));
      expect(JSON.stringify(tools.get_agent!.outputSchema)).to.include('"$ref":"#/$defs/permissions_entry"');
      expect(JSON.stringify(tools.create_agent!.outputSchema)).to.include(
        '"agent":{"type":"object","description":"As agent in get_agent."}',
      );
      expect(JSON.stringify(tools.get_ai_ticket!.outputSchema)).to.include('"type":["string","null"]');
      expect(JSON.stringify(tools.get_ai_ticket!.outputSchema)).not.to.include(
        '"anyOf":[{"type":"string"},{"type":"null"}]',
      );
    } finally {
      await client.close();
    }
  });

  it('the official SDK client (Streamable HTTP)', async () => {
    const client = new Client({ name: 'sdk', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const tested = sdkClient(client);
    try {
      expect((await tested.tools()).every((t) => t.outputSchema !== undefined)).to.equal(true);
      await exercise(tested, 'sdk');
    } finally {
      await tested.close();
    }
  });

  it('mcp-remote: a stdio client through the proxy', async () => {
    const configDir = await mkdtemp(join(tmpdir(), 'mcp-remote-'));
    const client = new Client({ name: 'through-mcp-remote', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [
          join(repoRoot, 'node_modules/mcp-remote/dist/proxy.js'),
          url,
          '--header',
          `Authorization: Bearer ${token}`,
          '--transport',
          'http-only',
          '--silent',
        ],
        env: { ...(process.env as Record<string, string>), MCP_REMOTE_CONFIG_DIR: configDir },
        stderr: 'ignore',
      }),
    );
    const tested = sdkClient(client);
    try {
      await exercise(tested, 'remote');
    } finally {
      await tested.close();
      await rm(configDir, { recursive: true, force: true });
    }
  });

  it('the LangChain MCP adapters: tools loaded as LangChain tools, arguments checked by them', async () => {
    const client = new MultiServerMCPClient({
      mcpServers: { switchboard: { transport: 'http', url, headers: { Authorization: `Bearer ${token}` } } },
      throwOnLoadError: true,
    });
    try {
      const loaded = await client.getTools();
      const byName = new Map(loaded.map((tool) => [tool.name, tool]));
      const tested: ClientUnderTest = {
        tools: async () => loaded.map((tool) => ({ name: tool.name })),
        call: async (name, args) => {
          try {
            const content = (await byName.get(name)!.invoke(args)) as { structuredContent?: Record<string, any> };
            return { ok: true, payload: content.structuredContent! };
          } catch (err) {
            return { ok: false, error: (err as Error).message };
          }
        },
        close: () => client.close(),
      };
      await exercise(tested, 'langchain');
      // LangChain checks arguments against the published input schema before it calls.
      const refused = await tested.call('get_ai_ticket', { ticket_id: 'seven' });
      expect(refused.ok).to.equal(false);
    } finally {
      await client.close();
    }
  });
});
