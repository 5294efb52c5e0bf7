import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';

describe('MCP prompts, resource templates and completions of the built-in groups, on the shop’s real data', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let token: string;
  let other: string;
  let ticketId: number;
  let campaignId: number;
  let listId: number;
  let id = 1;
  const rpc = async (method: string, params: Record<string, unknown>, as = token) =>
    (await k.rpc({ jsonrpc: '2.0', id: id++, method, params }, as)).body;
  const ok = async (name: string, args: Record<string, unknown>, as = token) => {
    const { payload } = await k.call(as, name, args);
    expect(payload.success, JSON.stringify(payload)).to.equal(true);
    return payload;
  };

  before(async () => {
    k = await bootKernel();
    ({ token } = await k.newShop('Records shop', { credits: 500 }));
    ({ token: other } = await k.newShop('Other shop'));
    ticketId = (
      await ok('create_ai_ticket', { action: 'create', title: 'Broken zipper', phone: '+34600111222', priority: 'P1' })
    ).ticket.id;
    await ok('create_ai_ticket', { action: 'create', title: 'Late parcel', phone: '+34600111333' });
    await ok('create_ai_ticket', { action: 'create', title: 'Someone else’s', phone: '+34600999999' }, other);
    listId = (await ok('create_contact_list', { action: 'create', name: 'Spring buyers' })).list.id;
    await ok('add_contacts_to_list', {
      action: 'add',
      list_id: listId,
      contacts: [{ phone: '+34600111222', name: 'Ana' }],
    });
    campaignId = (
      await ok('create_campaign', { action: 'create', list_id: listId, name: 'Spring', message_text: 'Hola {nombre}' })
    ).campaign.id;
  });

  after(async () => {
    await k?.close();
  });

  it('initialize tells the client which templates and prompts there are', async () => {
    const { result } = await rpc('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(result.instructions)
      .to.include('shop://tickets/{id}')
      .and.include('shop://customers/{phone}')
      .and.include('launch_campaign')
      .and.include('set_up_business_hours');
  });

  it('resources/templates/list names every group’s templates', async () => {
    const { result } = await rpc('resources/templates/list', {});
    expect(result.resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate)).to.include.members([
      'shop://tickets/{id}',
      'shop://customers/{phone}',
      'shop://campaigns/{id}',
      'shop://contact-lists/{id}',
    ]);
  });

  it('reads a record through its template; another shop’s record or a malformed id is “resource not found”', async () => {
    const ticket = await rpc('resources/read', { uri: `shop://tickets/${ticketId}` });
    const body = JSON.parse(ticket.result.contents[0].text);
    expect(ticket.result.contents[0]).to.include({ uri: `shop://tickets/${ticketId}`, mimeType: 'application/json' });
    expect(body).to.include({ id: ticketId, title: 'Broken zipper' });

    const customer = await rpc('resources/read', { uri: 'shop://customers/%2B34600111222' });
    expect(JSON.parse(customer.result.contents[0].text).customer.phone).to.equal('+34600111222');
    const campaign = await rpc('resources/read', { uri: `shop://campaigns/${campaignId}` });
    expect(JSON.parse(campaign.result.contents[0].text).campaign.id).to.equal(campaignId);
    const list = await rpc('resources/read', { uri: `shop://contact-lists/${listId}` });
    expect(JSON.parse(list.result.contents[0].text).members).to.have.length(1);

    for (const uri of [`shop://tickets/${ticketId}`, 'shop://tickets/abc', 'shop://tickets/99999999999']) {
      const refused = await rpc('resources/read', { uri }, other);
      expect(refused.error.code, uri).to.equal(-32002);
    }
    expect((await rpc('resources/read', { uri: 'shop://nothing/1' })).error.code).to.equal(-32002);
  });

  it('completes template variables from the shop’s own records only', async () => {
    const phones = await rpc('completion/complete', {
      ref: { type: 'ref/resource', uri: 'shop://customers/{phone}' },
      argument: { name: 'phone', value: '+34600' },
    });
    expect(phones.result.completion.values).to.deep.equal(['+34600111222', '+34600111333']);
    const ids = await rpc('completion/complete', {
      ref: { type: 'ref/resource', uri: 'shop://tickets/{id}' },
      argument: { name: 'id', value: String(ticketId) },
    });
    expect(ids.result.completion.values).to.include(String(ticketId));
    const unknown = await rpc('completion/complete', {
      ref: { type: 'ref/resource', uri: 'shop://nothing/{id}' },
      argument: { name: 'id', value: '' },
    });
    expect(unknown.error.code).to.equal(-32602);
  });

  it('prompts/list shows the groups’ prompts with their arguments', async () => {
    const { result } = await rpc('prompts/list', {});
    const byName = Object.fromEntries(result.prompts.map((p: { name: string }) => [p.name, p]));
    expect(byName.launch_campaign.arguments).to.deep.include({
      name: 'list',
      description: 'The contact list’s name.',
      required: true,
    });
    expect(byName).to.have.keys('launch_campaign', 'triage_open_tickets', 'answer_customer', 'set_up_business_hours');
  });

  it('launch_campaign builds its message from the list and the credits; its list argument completes', async () => {
    const { result } = await rpc('prompts/get', {
      name: 'launch_campaign',
      arguments: { list: 'spring buyers', goal: 'sale' },
    });
    const text = result.messages[0].content.text;
    expect(text).to.include(`“Spring buyers” (list_id ${listId}): 1 member.`);
    expect(text).to.include('the shop has 500');
    const names = await rpc('completion/complete', {
      ref: { type: 'ref/prompt', name: 'launch_campaign' },
      argument: { name: 'list', value: 'spr' },
    });
    expect(names.result.completion.values).to.deep.equal(['Spring buyers']);
    const missing = await rpc('prompts/get', { name: 'launch_campaign', arguments: { list: 'Nope' } });
    expect(missing.error).to.include({ code: -32602 });
    expect(missing.error.data.error_code).to.equal('not_found');
    const noArgs = await rpc('prompts/get', { name: 'launch_campaign', arguments: {} });
    expect(noArgs.error.message).to.match(/needs list/);
  });

  it('triage_open_tickets lists the shop’s open tickets, optionally one priority', async () => {
    const all = (await rpc('prompts/get', { name: 'triage_open_tickets' })).result.messages[0].content.text;
    expect(all)
      .to.match(/2 in all/)
      .and.include('Broken zipper')
      .and.include('Late parcel');
    expect(all).not.to.include('Someone else’s');
    const p1 = (await rpc('prompts/get', { name: 'triage_open_tickets', arguments: { priority: 'p1' } })).result
      .messages[0].content.text;
    expect(p1)
      .to.match(/1 in all/)
      .and.include('Broken zipper')
      .and.not.include('Late parcel');
    const bad = await rpc('prompts/get', { name: 'triage_open_tickets', arguments: { priority: 'P9' } });
    expect(bad.error).to.include({ code: -32602 });
    expect(bad.error.data.error_code).to.equal('invalid_arguments');
  });

  it('answer_customer embeds the customer record and asks for a draft', async () => {
    const { result } = await rpc('prompts/get', {
      name: 'answer_customer',
      arguments: { phone: '+34600111222', question: 'Where is my order?' },
    });
    expect(result.messages[0].content).to.include({ type: 'resource' });
    expect(result.messages[0].content.resource.uri).to.equal('shop://customers/+34600111222');
    expect(result.messages[1].content.text).to.include('Where is my order?');
    const stranger = await rpc('prompts/get', { name: 'answer_customer', arguments: { phone: '+34600999999' } });
    expect(stranger.error.data.error_code).to.equal('not_found');
  });

  it('set_up_business_hours shows the hours set now, on the shop’s clock', async () => {
    const before = (await rpc('prompts/get', { name: 'set_up_business_hours' })).result.messages[0].content.text;
    expect(before).to.include('No business hours are set yet.').and.include('timezone UTC');
    await ok('update_shop_profile', { business_hours: { monday: [{ open: '09:00', close: '14:00' }] } });
    const after = (await rpc('prompts/get', { name: 'set_up_business_hours', arguments: { hours: 'weekdays 9-14' } }))
      .result.messages[0].content.text;
    expect(after).to.include('Now: monday 09:00–14:00; tuesday closed').and.include('“weekdays 9-14”');
  });

  it('connect_chatapp gives the pairing QR as an image block after the JSON text', async () => {
    const res = await rpc('tools/call', { name: 'connect_chatapp', arguments: {} });
    const [text, image] = res.result.content;
    expect(text.type).to.equal('text');
    expect(image).to.include({ type: 'image', mimeType: 'image/png' });
    expect(Buffer.from(image.data, 'base64').subarray(1, 4).toString()).to.equal('PNG');
    expect(res.result.structuredContent.pairing.qr_data_url).to.equal(`data:image/png;base64,${image.data}`);
    expect(JSON.parse(text.text)).to.deep.equal(res.result.structuredContent);
  });
});
