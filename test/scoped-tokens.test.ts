import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { fixtureGroup } from './fixtures/fixture-groups.js';
import { audited } from './fixtures/groups/fx_audit/index.js';
import { sharedDatabaseUrl } from './helpers/global-database.js';
import { runScript } from './helpers/run-script.js';

/** `node scripts/shop.ts …` with only the groups of this file enabled. */
const shopCli = async (args: string[]) =>
  runScript('shop', args, {
    DATABASE_URL: await sharedDatabaseUrl(),
    SWITCHBOARD_GROUPS: 'general,agents,customers,tickets',
  });

describe('scoped tokens and group-subset URLs', function () {
  this.timeout(120_000);

  let k: TestKernel;
  let shop: { shopId: number; token: string };
  let id = 1;

  before(async () => {
    k = await bootKernel({
      groups: ['general', 'agents', 'customers', 'tickets'],
      overrides: { groups: { fx_audit: fixtureGroup('fx_audit') } },
    });
    shop = await k.newShop('Scoped tokens shop');
  });
  after(() => k?.close());

  const rpc = (token: string, method: string, params: unknown = {}, url = '/') =>
    k.app
      .inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }),
      })
      .then((res) => ({ status: res.statusCode, body: res.json() }));
  const toolNames = async (token: string, url = '/') =>
    ((await rpc(token, 'tools/list', {}, url)).body.result.tools as { name: string }[]).map((t) => t.name);
  const call = async (token: string, name: string, args: Record<string, unknown> = {}, url = '/') =>
    (await rpc(token, 'tools/call', { name, arguments: args }, url)).body.result.structuredContent;
  const groupOf = (name: string) => k.registry.get(name)!.group;
  const mutation = (name: string) => k.registry.get(name)!.definition.kind === 'mutation';

  it('the CLI creates, lists and revokes named tokens; a revoked token stops working at once', async () => {
    const created = await shopCli([
      'token-create',
      '--shop',
      String(shop.shopId),
      '--name',
      'support-bot',
      '--groups',
      'tickets',
    ]);
    expect(created.code, created.stderr).to.equal(0);
    const token = JSON.parse(created.stdout);
    expect(token).to.include({ shop_id: shop.shopId, name: 'support-bot', read_only: false, expires_at: null });
    expect(token.groups).to.deep.equal(['tickets']);
    expect(token.token).to.match(/^sbt_/);
    expect((await rpc(token.token, 'ping')).status).to.equal(200);

    const twice = await shopCli(['token-create', '--shop', String(shop.shopId), '--name', 'support-bot']);
    expect(twice.code).to.equal(1);
    expect(twice.stderr).to.match(/already has a live token named "support-bot"/);
    const unknownGroup = await shopCli([
      'token-create',
      '--shop',
      String(shop.shopId),
      '--name',
      'x',
      '--groups',
      'email',
    ]);
    expect(unknownGroup.code).to.equal(1);
    expect(unknownGroup.stderr).to.match(/not an enabled group: email/);

    const listed = await shopCli(['token-list', '--shop', String(shop.shopId)]);
    expect(listed.code, listed.stderr).to.equal(0);
    expect(listed.stdout).not.to.include(token.token);
    expect(JSON.parse(listed.stdout).map((t: { name: string }) => t.name)).to.deep.equal(['support-bot']);

    const revoked = await shopCli(['token-revoke', '--shop', String(shop.shopId), '--name', 'support-bot']);
    expect(revoked.code, revoked.stderr).to.equal(0);
    expect(JSON.parse(revoked.stdout).revoked_at).to.be.a('string');
    expect((await rpc(token.token, 'ping')).status).to.equal(401);
    expect((await rpc(shop.token, 'ping')).status, 'the main token is untouched').to.equal(200);
  });

  it('tools/list shows only the groups a token may use; a tool outside them is refused with tool_not_in_scope', async () => {
    const { token } = (await k.tokens.create({ shopId: shop.shopId, name: 'tickets-only', groups: ['tickets'] }))!;
    const names = await toolNames(token);
    expect(names.length).to.be.greaterThan(0);
    expect(names.every((name) => groupOf(name) === 'tickets')).to.equal(true);
    expect(names).to.include('create_ai_ticket');
    expect(names).not.to.include('ping');
    const refused = await call(token, 'ping');
    expect(refused).to.include({ success: false, error_code: 'tool_not_in_scope' });
    expect(refused.message).to.match(/general/);
    const made = await call(token, 'create_ai_ticket', {
      action: 'create',
      title: 'Scoped ticket',
      phone: '+34600111333',
    });
    expect(made.success, JSON.stringify(made)).to.equal(true);
  });

  it('resources, templates, prompts and completions follow the token’s groups too; the shop profile is always there', async () => {
    const { token } = (await k.tokens.create({ shopId: shop.shopId, name: 'tickets-mcp', groups: ['tickets'] }))!;
    const resources = (await rpc(token, 'resources/list')).body.result.resources.map((r: { uri: string }) => r.uri);
    expect(resources).to.include('shop://profile');
    const templates = (await rpc(token, 'resources/templates/list')).body.result.resourceTemplates.map(
      (t: { uriTemplate: string }) => t.uriTemplate,
    );
    expect(templates).to.deep.equal(['shop://tickets/{id}']);
    const prompts = (await rpc(token, 'prompts/list')).body.result.prompts.map((p: { name: string }) => p.name);
    expect(prompts).to.deep.equal(['triage_open_tickets']);
    const customer = await rpc(token, 'resources/read', { uri: 'shop://customers/+34600111333' });
    expect(customer.body.error).to.include({ code: -32602 });
    expect(customer.body.error.data).to.include({ error_code: 'tool_not_in_scope', group: 'customers' });
    const answer = await rpc(token, 'prompts/get', { name: 'answer_customer', arguments: { phone: '+34600111333' } });
    expect(answer.body.error.data).to.include({ error_code: 'tool_not_in_scope' });
    const completion = await rpc(token, 'completion/complete', {
      ref: { type: 'ref/resource', uri: 'shop://customers/{phone}' },
      argument: { name: 'phone', value: '+34' },
    });
    expect(completion.body.error.data).to.include({ error_code: 'tool_not_in_scope' });
    expect((await rpc(shop.token, 'prompts/list')).body.result.prompts.map((p: { name: string }) => p.name)).to.include(
      'answer_customer',
    );
  });

  it('a read-only token lists no mutations, and calling one answers token_read_only without writing', async () => {
    const { token } = (await k.tokens.create({ shopId: shop.shopId, name: 'reader', readOnly: true }))!;
    const names = await toolNames(token);
    expect(names).to.include('list_ai_tickets');
    expect(names.some(mutation)).to.equal(false);
    const before = (await call(shop.token, 'list_ai_tickets')).tickets.length;
    const refused = await call(token, 'create_ai_ticket', { action: 'create', title: 'Should not exist' });
    expect(refused).to.include({ success: false, error_code: 'token_read_only' });
    expect((await call(shop.token, 'list_ai_tickets')).tickets.length).to.equal(before);
    expect((await call(token, 'list_ai_tickets')).success).to.equal(true);
  });

  it('an expired token is refused, even when it was cached', async () => {
    const { token } = (await k.tokens.create({
      shopId: shop.shopId,
      name: 'short-lived',
      expiresAt: new Date(Date.now() + 1_500),
    }))!;
    expect((await rpc(token, 'ping')).status).to.equal(200);
    await sleep(1_600);
    expect((await rpc(token, 'ping')).status).to.equal(401);
  });

  it('the token’s name shows in the audit log, successes and refusals alike', async () => {
    const { token } = (await k.tokens.create({ shopId: shop.shopId, name: 'audited-bot', groups: ['fx_audit'] }))!;
    audited.splice(0);
    await call(token, 'fx_set_api_key', { label: 'k', api_key: 'sk_secret_value' });
    const reader = (await k.tokens.create({ shopId: shop.shopId, name: 'audited-reader', readOnly: true }))!;
    await call(reader.token, 'fx_set_api_key', { label: 'k', api_key: 'sk_secret_value' });
    await call(shop.token, 'fx_set_api_key', { label: 'k', api_key: 'sk_secret_value' });
    expect(audited.map((r) => [r.token, r.outcome, r.error_code])).to.deep.equal([
      ['audited-bot', 'success', null],
      ['audited-reader', 'failure', 'token_read_only'],
      [null, 'success', null],
    ]);
  });

  it('a group-subset URL lists and calls only those groups, narrowing the token further', async () => {
    const general = await toolNames(shop.token, '/g/general/');
    expect(general).to.include('ping');
    expect(general.every((name) => groupOf(name) === 'general')).to.equal(true);
    expect(await toolNames(shop.token, '/g/general,tickets')).to.have.members([
      ...general,
      ...(await toolNames(shop.token, '/g/tickets/')),
    ]);
    expect(await call(shop.token, 'list_ai_tickets', {}, '/g/general/')).to.include({
      success: false,
      error_code: 'tool_not_in_scope',
    });
    expect((await call(shop.token, 'ping', {}, '/g/general/')).success).to.equal(true);

    const { token } = (await k.tokens.create({ shopId: shop.shopId, name: 'tickets-2', groups: ['tickets'] }))!;
    expect(await toolNames(token, '/g/general/')).to.deep.equal([]);

    const unknown = await rpc(shop.token, 'tools/list', {}, '/g/general,email/');
    expect(unknown.status).to.equal(404);
    expect(unknown.body.error.message).to.match(/Unknown group in the URL: email/);
  });
});
