import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, type CreateMessageRequest } from '@modelcontextprotocol/sdk/types.js';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps } from '../../../test/helpers/ops-kernel.js';
import { ANALYSIS_GROUPS } from './helpers.js';

/**
 * A shop without an AI provider, called by a client that offers sampling (the official SDK
 * client): the model task is answered by the client's model, the answer says so, and the call is
 * metered as engine client_sampling. Without the capability the same call still needs a provider.
 */
describe('the client’s model as the AI engine (sampling)', function () {
  this.timeout(120_000);

  let k: TestKernel;
  let shop: { shopId: number; token: string };
  const clients: Client[] = [];

  before(async () => {
    k = await bootOps({ groups: ANALYSIS_GROUPS });
    await k.listen();
    shop = await k.newShop('Sampling shop');
  });
  after(async () => {
    for (const client of clients) await client.close();
    await k?.close();
  });

  async function connect(sample?: (params: CreateMessageRequest['params']) => string): Promise<Client> {
    const client = new Client(
      { name: 'sampling-test', version: '1.0.0' },
      { capabilities: sample ? { sampling: {} } : {} },
    );
    if (sample)
      client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
        role: 'assistant',
        content: { type: 'text', text: sample(request.params) },
        model: 'client-model-1',
        stopReason: 'endTurn',
      }));
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${k.baseUrl()}/`), {
        requestInit: { headers: { Authorization: `Bearer ${shop.token}` } },
      }),
    );
    clients.push(client);
    return client;
  }

  const usage = () =>
    k.orm.em
      .getConnection()
      .execute(`select engine, source, model, outcome, attempts from ai_usage where shop_id = ? order by id`, [
        shop.shopId,
      ]);

  it('translates with the client’s model, says which engine answered, and meters it as client_sampling', async () => {
    const asked: CreateMessageRequest['params'][] = [];
    const client = await connect((params) => {
      asked.push(params);
      return '{"text": "Hello {nombre}, your order is ready."}';
    });
    const result = await client.callTool({
      name: 'translate_text',
      arguments: { text: 'Hola {nombre}, tu pedido está listo.', target_language: 'en', source_language: 'es' },
    });
    expect(result.structuredContent).to.deep.include({
      success: true,
      text: 'Hello {nombre}, your order is ready.',
      engine: 'client_sampling',
      model: 'client-model-1',
    });
    expect(asked).to.have.length(1);
    expect(asked[0]!.systemPrompt).to.match(/translate/i);
    expect(asked[0]!.messages[0]!.content).to.deep.include({ type: 'text' });
    expect(await usage()).to.deep.equal([
      { engine: 'client_sampling', source: 'client', model: 'client-model-1', outcome: 'ok', attempts: 1 },
    ]);
  });

  it('checks the JSON locally: a prose answer gets one repair turn, then the JSON is used', async () => {
    let turn = 0;
    const client = await connect(() => (++turn === 1 ? 'Sure! Here it is: Hallo' : '{"text": "Hallo"}'));
    const result = await client.callTool({
      name: 'translate_text',
      arguments: { text: 'Hello', target_language: 'de', source_language: 'en' },
    });
    expect(result.structuredContent).to.deep.include({ success: true, text: 'Hallo', engine: 'client_sampling' });
    expect((await usage()).at(-1)).to.deep.include({ engine: 'client_sampling', outcome: 'ok', attempts: 2 });
  });

  it('a client without sampling still gets ai_provider_required, and nothing is metered', async () => {
    const before = (await usage()).length;
    const client = await connect();
    const result = await client.callTool({
      name: 'translate_text',
      arguments: { text: 'Hello', target_language: 'de', source_language: 'en' },
    });
    expect(result.structuredContent).to.include({ success: false, error_code: 'ai_provider_required' });
    expect(await usage()).to.have.length(before);
  });
});
