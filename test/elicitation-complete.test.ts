import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { confirmFixturePair } from './helpers/confirm-fixture-pair.js';
import { waitFor } from './helpers/wait-for.js';
import { hashConfirmationToken } from '../core/confirmation/confirmation-service.js';

/**
 * URL-mode elicitation to the confirmation page, with the official SDK client: the person accepts
 * and goes to the page, the call tells the model to wait, and the page's answer, given on another
 * server process, reaches the client as notifications/elicitation/complete on its standing stream.
 */
describe('URL elicitation: the page’s answer reaches the client (notifications/elicitation/complete)', function () {
  this.timeout(120_000);

  const pair = confirmFixturePair('Page shop');

  /** A client that accepts every URL elicitation; what it was asked and which completions it heard. */
  async function connect() {
    const asked: Record<string, unknown>[] = [];
    const completed: string[] = [];
    let streamOpen = false;
    const client = new Client(
      { name: 'elicitation-complete-test', version: '1.0.0' },
      { capabilities: { elicitation: { form: {}, url: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params);
      return { action: 'accept' };
    });
    client.setNotificationHandler(
      ElicitationCompleteNotificationSchema,
      (n) => void completed.push(n.params.elicitationId),
    );
    const transport = new StreamableHTTPClientTransport(new URL(`${pair.a.baseUrl()}/`), {
      requestInit: { headers: { Authorization: `Bearer ${pair.shop.token}` } },
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        if ((init?.method ?? 'GET') === 'GET' && res.status === 200) streamOpen = true;
        return res;
      },
    });
    await client.connect(transport);
    pair.clients.push(client);
    await waitFor('the client’s standing stream is open', () => streamOpen);
    return { client, asked, completed };
  }

  const press = (url: string, button: 'approve' | 'reject') =>
    pair.b.app.inject({
      method: 'POST',
      url: `${new URL(url).pathname}/${button}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  for (const button of ['approve', 'reject'] as const)
    it(`accepted, the model is told the person is on the page; the page's ${button} on another process completes the elicitation`, async () => {
      const { client, asked, completed } = await connect();
      const shown = await client.callTool({
        name: 'fixture_set_webhook',
        arguments: { url: `https://example.com/${button}`, secret: 'webhook-secret-1' },
      });
      const pending = shown.structuredContent as Record<string, any>;
      expect(pending).to.include({ success: false, requires_confirmation: true });
      expect(pending.message)
        .to.match(/opened the confirmation page/)
        .and.match(/do not call fixture_set_webhook again/);
      const elicitationId = hashConfirmationToken(pending.confirmation_token);
      expect(asked).to.have.length(1);
      expect(asked[0]).to.include({ mode: 'url', url: pending.confirmation_url, elicitationId });
      expect(completed).to.deep.equal([]);

      expect((await press(pending.confirmation_url, button)).statusCode).to.equal(200);
      await waitFor('the completion reached the client', () => completed.length > 0);
      expect(completed).to.deep.equal([elicitationId]);
      // Heard once: the session no longer waits for that page.
      const [row] = await pair.a.orm.em
        .getConnection()
        .execute(`select count(*) from mcp_subscriptions where shop_id = ? and topic like 'elicitation:%'`, [
          pair.shop.shopId,
        ]);
      expect(Number(row.count)).to.equal(0);
    });
});
