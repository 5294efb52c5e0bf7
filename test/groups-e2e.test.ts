import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { bootKernel, type TestKernel } from './helpers/boot.js';

/**
 * The first five groups through the official MCP client, the way a model uses them: check the plan,
 * hire within it, take a customer report as a ticket, work it, and look the customer up everywhere.
 */
describe('end to end: account, agents, customers, crm and tickets through an MCP client', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await client.callTool({ name, arguments: args });
    return result.structuredContent as Record<string, any>;
  };

  before(async () => {
    k = await bootKernel({ groups: ['general', 'account', 'agents', 'customers', 'crm', 'tickets'] });
    const { token } = await k.newShop('E2E shop', { maxAgents: 1, credits: 2000 });
    const url = await k.listen();
    client = new Client({ name: 'switchboard-groups-e2e', version: '1.0.0' });
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

  it('lists the tools of every enabled group', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of [
      'get_shop_status',
      'create_agent',
      'add_customer_tag',
      'create_crm_customer',
      'create_ai_ticket',
      'close_ai_ticket',
    ]) {
      expect(names).to.include(name);
    }
  });

  it('runs a shop day from plan check to closed ticket', async () => {
    const status = await call('get_shop_status');
    expect(status).to.include({ success: true, buy_agents: 1, agents_in_use: 0, credits_balance: 2000 });

    const agent = await call('create_agent', {
      action: 'create',
      nickname: 'Ana',
      full_name: 'Ana García',
      email: 'ana@example.com',
      pin: '4321',
    });
    expect(agent.success).to.equal(true);
    const refused = await call('create_agent', {
      action: 'create',
      nickname: 'Bo',
      full_name: 'Bo Li',
      email: 'bo@example.com',
    });
    expect(refused).to.include({ success: false, error_code: 'agent_limit_reached', current_count: 1, max_allowed: 1 });
    expect((await call('list_agents')).count).to.equal(1);

    const tagged = await call('add_customer_tag', { action: 'add', phone: '+34 600 111 222', tag_name: 'VIP' });
    expect(tagged.customer.phone).to.equal('+34600111222');
    await call('add_customer_comment', { action: 'add', phone: '+34600111222', comment: 'Prefers mornings' });
    const crm = await call('create_crm_customer', { action: 'create', whatsapp_number: '+34600111222' });
    expect(crm.success).to.equal(true);

    const ticket = await call('create_ai_ticket', {
      action: 'create',
      title: 'Parcel late',
      phone: '+34600111222',
      priority: 'P1',
      message: 'Customer wrote twice',
    });
    const ticketId = ticket.ticket.id;
    const deduped = await call('create_ai_ticket', {
      action: 'create',
      title: 'Still late',
      phone: '+34600111222',
      dedupe_customer: true,
    });
    expect(deduped.ticket.id).to.equal(ticketId);

    expect(
      (await call('assign_ai_ticket', { action: 'assign', ticket_id: ticketId, assigned_agent_id: agent.agent.id }))
        .success,
    ).to.equal(true);
    expect(
      (await call('add_ai_ticket_note', { action: 'add', ticket_id: ticketId, body: 'Carrier says tomorrow' })).success,
    ).to.equal(true);
    const resolution = await call('add_ai_ticket_agent_resolution', {
      action: 'add',
      ticket_id: ticketId,
      body: 'Parcel arrives tomorrow morning',
    });
    expect(resolution.ticket.status).to.equal('pending_notification');
    const closed = await call('close_ai_ticket', { action: 'close', ticket_id: ticketId, reason: 'Handled by phone' });
    expect(closed.ticket.status).to.equal('closed');
    const again = await call('assign_ai_ticket', { action: 'assign', ticket_id: ticketId, assigned_agent_id: 0 });
    expect(again).to.include({ success: false, error_code: 'invalid_state' });

    const customer = await call('get_customer', { phone: '+34600111222' });
    expect(customer.customer.tags.map((t: any) => t.name)).to.deep.equal(['VIP']);
    expect(customer.comment_count ?? customer.customer.comment_count).to.equal(1);

    const profile = await client.readResource({ uri: 'shop://profile' });
    const data = JSON.parse((profile.contents[0] as { text: string }).text);
    expect(data).to.include({ name: 'E2E shop' });
    expect(data.enabled_groups).to.include.members(['account', 'agents', 'customers', 'crm', 'tickets']);
    expect(data).to.have.property('business_hours');
  });
});
