import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { TestKernel } from './helpers/boot.js';
import { confirmFixturePair } from './helpers/confirm-fixture-pair.js';

/**
 * Confirmations asked of the person through the client (elicitation), with the official SDK client:
 * the answer decides, the audit says who answered, a client without the capability keeps the
 * model's confirm: true, and an answer POSTed to another server process reaches the waiting call.
 */
describe('confirmations through elicitation, with the official MCP client', function () {
  this.timeout(120_000);

  const pair = confirmFixturePair('Elicitation shop');

  /**
   * An SDK client of `kernel`; `answers` (when given) is where its answers to server requests are
   * POSTed instead, as a load balancer might send them.
   */
  async function connect(
    kernel: TestKernel,
    onElicit?: (params: Record<string, unknown>) => ElicitResult,
    answers?: TestKernel,
  ): Promise<Client> {
    const client = new Client(
      { name: 'elicitation-test', version: '1.0.0' },
      { capabilities: onElicit ? { elicitation: { form: {}, url: {} } } : {} },
    );
    if (onElicit) client.setRequestHandler(ElicitRequestSchema, async (request) => onElicit(request.params));
    const base = kernel.baseUrl();
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/`), {
      requestInit: { headers: { Authorization: `Bearer ${pair.shop.token}` } },
      fetch: async (input, init) => {
        const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
        const isAnswer = body && body.method === undefined && 'result' in body;
        return fetch(answers && isAnswer ? `${answers.baseUrl()}/` : input, init);
      },
    });
    await client.connect(transport);
    pair.clients.push(client);
    return client;
  }

  const createItem = async (name: string) => {
    const { payload } = await pair.a.call(pair.shop.token, 'fixture_create_item', { action: 'create', name });
    return payload.item.id as number;
  };
  const itemIds = async () =>
    (await pair.a.call(pair.shop.token, 'fixture_list_items')).payload.items.map((i: any) => i.id);
  const audit = async (tool: string) =>
    pair.a.orm.em
      .getConnection()
      .execute(`select kind, actor, outcome from activity_entries where shop_id = ? and tool = ? order by id`, [
        pair.shop.shopId,
        tool,
      ]);
  const deleteItem = (client: Client, id: number, extra: Record<string, unknown> = {}) =>
    client.callTool({ name: 'fixture_delete_item', arguments: { action: 'delete', item_id: id, ...extra } });

  it('a person who confirms in the form gets the call executed at once, audited as answered by elicitation', async () => {
    const asked: Record<string, unknown>[] = [];
    const client = await connect(pair.a, (params) => {
      asked.push(params);
      return { action: 'accept', content: { confirm: true } };
    });
    const id = await createItem('to delete');
    const result = await deleteItem(client, id);
    expect(result.structuredContent).to.deep.equal({ success: true, deleted: true, id });
    expect(asked).to.have.length(1);
    expect(asked[0]!.message)
      .to.be.a('string')
      .and.match(/Go ahead\?$/);
    expect((asked[0]!.requestedSchema as any).properties.confirm.type).to.equal('boolean');
    expect(await itemIds()).to.not.include(id);
    const rows = await audit('fixture_delete_item');
    expect(rows.slice(-2)).to.deep.equal([
      { kind: 'call', actor: 'elicitation', outcome: 'success' },
      { kind: 'confirmation', actor: 'elicitation', outcome: 'approved' },
    ]);
  });

  it('a person who declines stops the call, and the model’s confirm: true does not override them', async () => {
    const client = await connect(pair.a, () => ({ action: 'decline' }));
    const id = await createItem('to keep');
    for (const extra of [{}, { confirm: true }]) {
      const result = await deleteItem(client, id, extra);
      expect(result.isError).to.equal(true);
      expect(result.structuredContent).to.include({ success: false, error_code: 'confirmation_declined' });
    }
    expect(await itemIds()).to.include(id);
    const rows = await audit('fixture_delete_item');
    expect(rows.slice(-1)).to.deep.equal([{ kind: 'confirmation', actor: 'elicitation', outcome: 'rejected' }]);
    // An accepted form without the box ticked is a no as well.
    const unticked = await connect(pair.a, () => ({ action: 'accept', content: { confirm: false } }));
    const again = await deleteItem(unticked, id);
    expect(again.structuredContent).to.include({ error_code: 'confirmation_declined' });
    expect(await itemIds()).to.include(id);
  });

  it('a client without elicitation keeps the model’s confirmation: a pending confirmation, then confirm: true', async () => {
    const client = await connect(pair.a);
    const id = await createItem('agent confirms');
    const first = await deleteItem(client, id);
    expect(first.structuredContent).to.include({ success: false, requires_confirmation: true });
    expect(await itemIds()).to.include(id);
    const second = await deleteItem(client, id, { confirm: true });
    expect(second.structuredContent).to.deep.equal({ success: true, deleted: true, id });
    const rows = await audit('fixture_delete_item');
    expect(rows.slice(-2)).to.deep.equal([
      { kind: 'call', actor: 'api_token', outcome: 'success' },
      { kind: 'confirmation', actor: 'api_token', outcome: 'approved' },
    ]);
  });

  it('a user tool sends the person to the confirmation page (URL mode); declining there rejects it', async () => {
    const asked: Record<string, unknown>[] = [];
    const client = await connect(pair.a, (params) => {
      asked.push(params);
      return { action: asked.length === 1 ? 'accept' : 'decline' };
    });
    const shown = await client.callTool({
      name: 'fixture_set_webhook',
      arguments: { url: 'https://example.com/a', secret: 'webhook-secret-1' },
    });
    const pending = shown.structuredContent as any;
    expect(pending).to.include({ success: false, requires_confirmation: true });
    expect(asked[0]).to.include({ mode: 'url', url: pending.confirmation_url });
    const declined = await client.callTool({
      name: 'fixture_set_webhook',
      arguments: { url: 'https://example.com/b', secret: 'webhook-secret-2' },
    });
    expect(declined.structuredContent).to.include({ error_code: 'confirmation_declined' });
    const [row] = await pair.a.orm.em
      .getConnection()
      .execute(`select status from pending_confirmations where tool = 'fixture_set_webhook' order by id desc limit 1`);
    expect(row.status).to.equal('rejected');
  });

  it('the person’s answer POSTed to another server process reaches the call waiting on the first', async () => {
    const client = await connect(pair.a, () => ({ action: 'accept', content: { confirm: true } }), pair.b);
    const id = await createItem('across processes');
    const result = await deleteItem(client, id);
    expect(result.structuredContent).to.deep.equal({ success: true, deleted: true, id });
    expect(await itemIds()).to.not.include(id);
  });
});
