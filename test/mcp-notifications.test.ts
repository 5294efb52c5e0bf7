import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { bootKernel, type TestKernel } from './helpers/boot.js';

const ROWS = 100_000;

describe('notifications with the official MCP client: progress on long work, log messages at the shop’s level', function () {
  this.timeout(180_000);

  let k: TestKernel;
  let token: string;
  let client: Client;
  const contentTypes: string[] = [];
  const logs: unknown[] = [];

  before(async () => {
    k = await bootKernel({
      overrides: {
        // 100k CSV rows are about 2.6 MB of JSON.
        server: { bodyLimitBytes: 8 * 1_048_576 },
        groups: {
          mass_marketing: { enabled: true, config: { inlineImportMaxRows: 200_000 } },
          conformance: { enabled: true, resolve: '@acme/switchboard-conformance' },
        },
      },
    });
    ({ token } = await k.newShop('Progress shop'));
    const url = await k.listen();
    const transport = new StreamableHTTPClientTransport(new URL(`${url}/`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        if (init?.method === 'POST') contentTypes.push(res.headers.get('content-type') ?? '');
        return res;
      },
    });
    client = new Client({ name: 'progress-e2e', version: '1.0.0' });
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
    await client.connect(transport);
  });

  after(async () => {
    await client?.close();
    await k?.close();
  });

  const structured = (result: unknown) => (result as { structuredContent: any }).structuredContent;

  it(`imports ${ROWS.toLocaleString('en')} contacts with progress shown through onprogress, then the result on the same stream`, async () => {
    const list = structured(
      await client.callTool({ name: 'create_contact_list', arguments: { action: 'create', name: 'Big import' } }),
    );
    const csv = Array.from({ length: ROWS }, (_, i) => `+346${String(i).padStart(8, '0')},Contact ${i}`).join('\n');
    const seen: Progress[] = [];
    contentTypes.length = 0;
    const result = await client.callTool(
      { name: 'import_marketing_contacts', arguments: { list_id: list.list.id, csv_text: csv, has_header: false } },
      undefined,
      { onprogress: (p) => void seen.push(p), timeout: 170_000 },
    );
    const payload = structured(result);
    expect(payload.success, JSON.stringify(payload).slice(0, 500)).to.equal(true);
    expect(payload.import.status).to.equal('completed');
    expect(payload.added).to.equal(ROWS);
    expect(contentTypes).to.deep.equal(['text/event-stream']);
    expect(seen.length).to.be.at.least(3);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.progress).to.be.greaterThan(seen[i - 1]!.progress);
    expect(seen.every((p) => p.total === ROWS)).to.equal(true);
    expect(seen.at(-1)!.progress).to.equal(ROWS);
    expect(seen[0]!.message).to.match(/^\d+ of 100000 rows$/);
  });

  it('without a progressToken the same kind of call is answered as plain JSON', async () => {
    const list = structured(
      await client.callTool({ name: 'create_contact_list', arguments: { action: 'create', name: 'Small import' } }),
    );
    contentTypes.length = 0;
    const result = await client.callTool({
      name: 'import_marketing_contacts',
      arguments: { list_id: list.list.id, csv_text: '+34600000001,Ana\n+34600000002,Bea', has_header: false },
    });
    expect(structured(result).added).to.equal(2);
    expect(contentTypes).to.deep.equal(['application/json; charset=utf-8']);
  });

  it('logging/setLevel is kept for the shop: messages below it are not sent, and it holds across requests', async () => {
    await client.setLoggingLevel('warning');
    logs.length = 0;
    contentTypes.length = 0;
    await client.callTool({ name: 'test_tool_with_logging', arguments: {} });
    expect(logs).to.deep.equal([]);
    expect(contentTypes).to.deep.equal(['application/json; charset=utf-8']);

    await client.setLoggingLevel('info');
    await client.callTool({ name: 'test_tool_with_logging', arguments: {} });
    expect(logs).to.deep.equal([
      { level: 'info', logger: 'conformance', data: 'Tool execution started' },
      { level: 'info', logger: 'conformance', data: 'Tool processing data' },
      { level: 'info', logger: 'conformance', data: 'Tool execution completed' },
    ]);
  });

  it('logging/setLevel refuses a level MCP does not name', async () => {
    const res = await k.rpc({ jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'verbose' } }, token);
    expect(res.body.error.code).to.equal(-32602);
    expect(res.body.error.message).to.match(/debug, info, notice, warning, error, critical, alert, emergency/);
  });
});
