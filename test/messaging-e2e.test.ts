import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { waitFor } from './helpers/wait-for.js';

/**
 * Messaging end to end, as a client and a phone see it: an MCP client (the official SDK over
 * Streamable HTTP) drives the tools of a kernel listening on a real port with the sandbox network;
 * the "phone" opens the pairing link and the "customer" writes through the sandbox's inject route,
 * both over HTTP. connect → pair → send → receipt → reply → conversation → opt-out blocks the next
 * automatic message → the contact window closes.
 */
describe('messaging end to end through the MCP client (sandbox network)', function () {
  this.timeout(60_000);

  const customer = '+34699111222';
  const engineName = `e2e-${process.pid}`;
  let k: TestKernel;
  let url: string;
  let token: string;
  let shopId: number;
  let client: Client;
  let sessionId: number;
  let sessionKey: string;
  let startingBalance: number;

  before(async () => {
    k = await bootKernel({
      groups: ['account', 'agents', 'customers', 'tickets', 'whatsapp_ops', 'conversations'],
      overrides: {
        // Jobs are driven tick by tick below, so nothing drains the follow-up queue behind the test's back.
        jobs: { enabled: false },
        groups: {
          whatsapp_ops: {
            enabled: true,
            config: { sandbox: { engineName, deliveredAfterMs: 100, readAfterMs: 200, pollIntervalMs: 20 } },
          },
        },
      },
    });
    ({ shopId, token } = await k.newShop('E2E messaging shop', { credits: 10_000 }));
    url = await k.listen();
    client = new Client({ name: 'switchboard-messaging-e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
  });
  after(async () => {
    await client?.close();
    await k?.close();
  });

  /** A tool call through the SDK; returns the structured payload, which must not be an error unless `failing`. */
  async function tool(name: string, args: Record<string, unknown> = {}, failing = false): Promise<any> {
    const result = await client.callTool({ name, arguments: args });
    const payload = result.structuredContent as any;
    expect(result.isError, `${name} ${JSON.stringify(args)} → ${JSON.stringify(payload)}`).to.equal(failing);
    return payload;
  }

  const balance = async () => (await tool('get_credits_balance')).credits_balance as number;
  const outboundOf = async (phone: string) =>
    (await tool('list_chatapp_messages', { phone, direction: 'outbound' })).messages as any[];
  /** What the simulated network carried to a number: its own record, not the shop's. */
  const carriedTo = async (phone: string) =>
    Number(
      (
        await k.orm.em
          .getConnection()
          .execute(
            `select count(*) as n from sandbox_messages where engine = ? and direction = 'outbound' and peer_phone = ?`,
            [engineName, phone],
          )
      )[0].n,
    );

  it('connect_chatapp returns a pairing link and a QR of it; the session waits for pairing', async () => {
    startingBalance = await balance();
    expect(startingBalance).to.equal(10_000);
    const connected = await tool('connect_chatapp', { label: 'Shop line' });
    expect(connected.session).to.include({ status: 'awaiting_pairing', label: 'Shop line', sandbox: true });
    expect(connected.session.routing_roles).to.have.members(['general', 'operations', 'marketing']);
    expect(connected.pairing.pairing_url.startsWith(`${url}/sandbox/pair/`)).to.equal(true);
    expect(connected.pairing.qr_data_url).to.match(/^data:image\/png;base64,/);
    sessionId = connected.session.id;
    sessionKey = connected.session.session_key;
    const qr = await fetch(connected.pairing.qr_image_url);
    expect(qr.status).to.equal(200);
    expect(qr.headers.get('content-type')).to.equal('image/png');

    // The phone's camera reads the QR and opens the link.
    const page = await fetch(connected.pairing.pairing_url);
    expect(page.status).to.equal(200);
    expect(await page.text()).to.match(/Session paired/);
  });

  it('get_chatapp_status reports the line connected, labelled as the sandbox', async () => {
    const status = await waitFor(
      'the line to connect',
      async () => {
        const s = await tool('get_chatapp_status', { session_id: sessionId });
        return s.session.status === 'connected' ? s : undefined;
      },
      15_000,
    );
    expect(status).to.include({ sandbox: true });
    expect(status.session.phone).to.match(/^\+\d+$/);
    expect(status.session.live).to.include({ status: 'connected', sandbox: true });
  });

  it('send_chatapp_message sends, costs 500 credits, and the receipts follow', async () => {
    const sent = await tool('send_chatapp_message', { phone: customer, message: 'Hello! Your order #1001 is ready.' });
    expect(sent.message).to.include({
      phone: customer,
      direction: 'outbound',
      status: 'sent',
      credits_charged: 500,
      automatic: false,
      session_id: sessionId,
    });
    expect(sent).to.include({ sandbox: true, recipient_opted_out: false });
    expect(await balance()).to.equal(startingBalance - 500);
    const read = await waitFor(
      'the read receipt',
      async () => {
        const [message] = await outboundOf(customer);
        return message.status === 'read' ? message : undefined;
      },
      15_000,
    );
    expect(read.id).to.equal(sent.message.id);
    expect(await carriedTo(customer)).to.equal(1);
  });

  it("the customer's reply arrives through the sandbox inject route, which needs the shop's token", async () => {
    const inbound = (authorization?: string) =>
      fetch(`${url}/sandbox/sessions/${sessionKey}/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
        body: JSON.stringify({ from: customer, text: 'Great, thanks! Please stop the reminders.' }),
      });
    expect((await inbound()).status).to.equal(401);
    expect((await inbound('Bearer sb_not_a_token')).status).to.equal(401);
    expect((await inbound(`Bearer ${token}`)).status).to.equal(201);
  });

  it('get_conversation_messages shows both messages, and the conversation counts the reply as unread', async () => {
    const conversation = await waitFor(
      'the reply in the conversation',
      async () => {
        const c = await tool('get_conversation_messages', { phone: customer });
        // The page and its count are two statements (docs/decisions.md): both must show the reply.
        return c.count === 2 && c.messages.length === 2 ? c : undefined;
      },
      15_000,
    );
    expect(conversation.messages.map((m: any) => [m.direction, m.text])).to.deep.equal([
      ['inbound', 'Great, thanks! Please stop the reminders.'],
      ['outbound', 'Hello! Your order #1001 is ready.'],
    ]);
    expect(conversation.messages[1].status).to.equal('read');
    expect(conversation.conversations).to.have.length(1);
    expect(conversation.conversations[0]).to.include({
      session_id: sessionId,
      unread_count: 1,
      last_direction: 'inbound',
    });
    const recent = await tool('get_recent_conversations', { limit: 5 });
    expect(recent.conversations.map((c: any) => c.phone)).to.deep.equal([customer]);
    expect(recent.conversations[0].customer).to.not.equal(null);
    expect((await tool('get_customer', { phone: customer })).customer.last_contact_at).to.not.equal(null);
  });

  it("the shop's answer is another 500 credits and marks the conversation read", async () => {
    await tool('send_chatapp_message', { phone: customer, message: 'Done, no more reminders.' });
    expect(await balance()).to.equal(startingBalance - 1000);
    const [c] = (await tool('list_conversations', {})).conversations;
    expect(c).to.include({ unread_count: 0, last_direction: 'outbound' });
  });

  it('after add_chatapp_optout the next automatic message (a ticket follow-up) is refused: nothing sent, nothing charged', async () => {
    const optout = await tool('add_chatapp_optout', {
      action: 'add',
      phone: customer,
      reason: 'asked to stop the reminders',
    });
    expect(optout).to.include({ created: true });
    expect((await tool('check_chatapp_optout', { action: 'check', phone: customer })).opted_out).to.equal(true);

    const ticket = (await tool('create_ai_ticket', { action: 'create', title: 'Reminder complaint', phone: customer }))
      .ticket;
    const resolved = await tool('add_ai_ticket_agent_resolution', {
      action: 'add',
      ticket_id: ticket.id,
      body: 'Reminders are switched off for you.',
    });
    expect(resolved.followup.status).to.equal('queued');
    const carriedBefore = await carriedTo(customer);
    const outboundBefore = (await outboundOf(customer)).length;

    expect(await k.scheduler.runTick('whatsapp_ops.drain-ticket-followups', new Date())).to.not.equal('skipped');

    const after = (await tool('get_ai_ticket', { ticket_id: ticket.id })).ticket;
    expect(after.followups[0]).to.include({ status: 'failed', status_reason: 'opted_out' });
    expect(after.status).to.equal('pending_notification');
    expect(await carriedTo(customer)).to.equal(carriedBefore);
    expect((await outboundOf(customer)).length).to.equal(outboundBefore);
    expect(await balance()).to.equal(startingBalance - 1000);
    const eligibility = (
      await tool('check_chatapp_contact_eligibility', { action: 'check', phone: customer, billing_source: 'followup' })
    ).eligibility;
    expect(eligibility).to.include({ eligible: false, reason: 'opted_out', opted_out: true });
  });

  it('check_chatapp_contact_eligibility flips from eligible to not eligible once the window has passed', async () => {
    await tool('remove_chatapp_optout', { phone: customer });
    await tool('update_chatapp_eligibility_settings', { filters: { followup: true } });
    const inside = (
      await tool('check_chatapp_contact_eligibility', { action: 'check', phone: customer, billing_source: 'followup' })
    ).eligibility;
    expect(inside).to.include({
      eligible: true,
      reason: null,
      within_window: true,
      filter_enabled: true,
      window_hours: 24,
    });
    expect(inside.line).to.include({ session_id: sessionId });

    // The customer's last message, 25 hours ago: the 24-hour window has closed.
    await k.orm.em
      .getConnection()
      .execute(
        `update chatapp_contact_windows set last_inbound_at = now() - interval '25 hours' where shop_id = ? and customer_phone = ?`,
        [shopId, customer],
      );
    const outside = (
      await tool('check_chatapp_contact_eligibility', { action: 'check', phone: customer, billing_source: 'followup' })
    ).eligibility;
    expect(outside).to.include({
      eligible: false,
      reason: 'outside_window',
      within_window: false,
      filter_enabled: true,
    });
    // Sends nothing either way.
    expect(await balance()).to.equal(startingBalance - 1000);
  });
});
