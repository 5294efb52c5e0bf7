import { expect } from 'chai';
import Stripe from 'stripe';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fails, ok } from '../../../test/helpers/ops-kernel.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';
import { WebhookReceiver } from './webhook-receiver.js';

const ORDER_SCHEMA = {
  type: 'object',
  properties: {
    order_id: { type: 'string', description: 'The order number', maxLength: 20 },
    include_items: { type: 'boolean' },
  },
  required: ['order_id'],
  additionalProperties: false,
};

describe('advanced: custom functions', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let server: WebhookReceiver;
  let shop: { shopId: number; token: string };
  const call = {
    ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, shop.token, tool, args, code),
  };
  const create = (extra: Record<string, unknown> = {}) =>
    call.ok('create_custom_function', {
      name: 'order_status',
      description: 'Looks up an order by its number.',
      parameters: ORDER_SCHEMA,
      url: server.url,
      headers: { Authorization: 'Bearer shop-api-key-123' },
      ...extra,
    });
  const test = async (id: number, args: Record<string, unknown>) =>
    (await call.ok('test_custom_function', { function_id: id, arguments: args })).call;

  before(async () => {
    server = new WebhookReceiver();
    await server.start();
    k = await bootKernel({
      groups: ['advanced'],
      overrides: {
        network: { allowLoopback: true, trustedCaPem: server.certPem },
        auth: { requestsPerWindow: 1_000_000 },
        groups: { service_probe: serviceProbe },
      },
    });
    shop = await k.newShop('Functions shop');
  });
  after(async () => {
    await k?.close();
    await server?.stop();
  });
  beforeEach(() => {
    server.answer = () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"status":"shipped"}',
    });
  });

  it('creates a function: the secret is shown once, header values never', async () => {
    const { function: fn, secret } = await create();
    expect(secret).to.match(/^fsec_/);
    expect(fn).to.deep.include({
      name: 'order_status',
      method: 'POST',
      timeout_seconds: 10,
      surfaces: ['all'],
      side_effects: 'read',
      response_max_chars: 4000,
      is_enabled: true,
      headers: { Authorization: '••••' },
    });
    const listed = (await call.ok('list_custom_functions')).functions;
    expect(JSON.stringify(listed)).to.not.include('shop-api-key-123').and.not.include(secret);
    const got = await call.ok('get_custom_function', { function_id: fn.id });
    expect(JSON.stringify(got)).to.not.include('shop-api-key-123').and.not.include(secret);
    expect(got.stats_24h).to.deep.equal({ calls: 0, errors: 0, latency_p95_ms: null });
    await call.fails(
      'create_custom_function',
      { name: 'order_status', description: 'x', parameters: ORDER_SCHEMA, url: server.url },
      'conflict',
    );
  });

  it('refuses bad names, schemas, URLs and reserved headers', async () => {
    const base = { description: 'x', parameters: ORDER_SCHEMA, url: server.url };
    await call.fails('create_custom_function', { ...base, name: 'Order-Status' }, 'invalid_arguments');
    const pattern = await call.fails(
      'create_custom_function',
      {
        ...base,
        name: 'p1',
        parameters: { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } },
      },
      'invalid_arguments',
    );
    expect(pattern.message).to.include('parameters/properties/a/pattern');
    await call.fails(
      'create_custom_function',
      { ...base, name: 'p2', parameters: { type: 'object', properties: { a: { $ref: '#/x' } } } },
      'invalid_arguments',
    );
    await call.fails(
      'create_custom_function',
      { ...base, name: 'p3', parameters: { type: 'array' } },
      'invalid_arguments',
    );
    const deep = {
      type: 'object',
      properties: {
        a: {
          type: 'object',
          properties: {
            b: { type: 'object', properties: { c: { type: 'object', properties: { d: { type: 'string' } } } } },
          },
        },
      },
    };
    await call.fails('create_custom_function', { ...base, name: 'p4', parameters: deep }, 'invalid_arguments');
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, { type: 'string' }])),
    };
    await call.fails('create_custom_function', { ...base, name: 'p5', parameters: wide }, 'invalid_arguments');
    await call.fails(
      'create_custom_function',
      { ...base, name: 'p6', url: 'http://example.com/fn' },
      'invalid_arguments',
    );
    await call.fails(
      'create_custom_function',
      { ...base, name: 'p7', url: 'https://192.168.1.10/fn' },
      'url_not_allowed',
    );
    await call.fails(
      'create_custom_function',
      { ...base, name: 'p8', headers: { 'X-Switchboard-Signature': 'forged' } },
      'invalid_arguments',
    );
    await call.fails('create_custom_function', { ...base, name: 'p9', surfaces: ['nowhere'] }, 'invalid_arguments');
    expect((await call.ok('list_custom_functions')).count).to.equal(1);
  });

  it('calls it signed, with the shop’s header, and returns the answer', async () => {
    const { function: fn, secret } = await create({ name: 'order_signed' });
    const result = await test(fn.id, { order_id: 'A-1001' });
    expect(result).to.include({
      status: 'ok',
      status_code: 200,
      result: '{"status":"shipped"}',
      truncated: false,
      error: null,
    });
    const got = server.received[server.received.length - 1]!;
    expect(got.headers.authorization).to.equal('Bearer shop-api-key-123');
    expect(got.headers['x-switchboard-function']).to.equal('order_signed');
    Stripe.webhooks.signature!.verifyHeader(got.body, got.headers['x-switchboard-signature']!, secret, 300);
    expect(JSON.parse(got.body)).to.deep.equal({
      function: 'order_signed',
      arguments: { order_id: 'A-1001' },
      context: {
        shop_id: shop.shopId,
        surface: null,
        customer: null,
        request_id: JSON.parse(got.body).context.request_id,
      },
    });
  });

  it('checks the arguments before sending; cuts long answers; times out; GET sends query parameters', async () => {
    const { function: fn } = await create({ name: 'order_checks', timeout_seconds: 1, response_max_chars: 100 });
    const sent = server.received.length;
    const invalid = await test(fn.id, { order_id: 42, extra: true });
    expect(invalid.status).to.equal('invalid_arguments');
    expect(invalid.error).to.include('arguments.order_id');
    expect(server.received.length).to.equal(sent);
    server.answer = () => ({ status: 200, body: 'y'.repeat(10_000) });
    const long = await test(fn.id, { order_id: 'A-2' });
    expect(long).to.include({ status: 'ok', truncated: true });
    expect(long.result).to.have.length(100);
    server.answer = () => ({ status: 200, body: 'late', delayMs: 1_500 });
    expect(await test(fn.id, { order_id: 'A-3' })).to.include({ status: 'timeout', status_code: null });
    server.answer = () => ({ status: 404, body: 'no such order' });
    expect(await test(fn.id, { order_id: 'A-4' })).to.include({
      status: 'error',
      status_code: 404,
      result: 'no such order',
    });
    const { function: get } = await create({ name: 'order_get', method: 'GET' });
    await test(get.id, { order_id: 'A 5', include_items: true });
    const got = server.received[server.received.length - 1]!;
    expect(got.path).to.equal('/hooks?order_id=A+5&include_items=true');
    expect(got.body).to.equal('');
  });

  it('a read is retried once when nothing answered; a write never is', async () => {
    server.answer = () => ({ status: 200, drop: true });
    const { function: read } = await create({ name: 'read_fn' });
    const { function: write } = await create({ name: 'write_fn', side_effects: 'write' });
    let before = server.received.length;
    expect((await test(read.id, { order_id: 'R' })).status).to.equal('error');
    expect(server.received.length - before).to.equal(2);
    before = server.received.length;
    expect((await test(write.id, { order_id: 'W' })).status).to.equal('error');
    expect(server.received.length - before).to.equal(1);
  });

  it('an address that became internal is blocked at call time', async () => {
    const { function: fn } = await create({ name: 'moved_fn' });
    await k.orm.em.fork().execute(`update custom_functions set url = 'https://10.1.2.3/fn' where id = ?`, [fn.id]);
    expect(await test(fn.id, { order_id: 'B' })).to.include({ status: 'blocked', status_code: null });
  });

  it('logs every call, with filters and the last day’s figures', async () => {
    const { calls, count } = await call.ok('list_custom_function_calls', { limit: 100 });
    expect(count).to.be.greaterThan(5);
    expect(calls.every((c: any) => c.source === 'test')).to.equal(true);
    const blocked = await call.ok('list_custom_function_calls', { status: 'blocked' });
    expect(blocked.calls.map((c: any) => c.function_name)).to.deep.equal(['moved_fn']);
    const fnId = calls.find((c: any) => c.function_name === 'order_checks').function_id;
    const checks = await call.ok('list_custom_function_calls', { function_id: fnId });
    expect(checks.calls.map((c: any) => c.status)).to.deep.equal(['error', 'timeout', 'ok', 'invalid_arguments']);
    expect(checks.calls[3].arguments).to.deep.equal({ order_id: 42, extra: true });
    const { stats_24h } = await call.ok('get_custom_function', { function_id: fnId });
    expect(stats_24h).to.include({ calls: 4, errors: 3 });
  });

  it('offers the assistant its enabled functions per surface, and calls them by name', async () => {
    const { function: voiceOnly } = await create({ name: 'voice_only', surfaces: ['voice'] });
    const { function: off } = await create({ name: 'switched_off', is_enabled: false });
    const onVoice = await inShop(k, shop.shopId, (ctx) => ctx.services.advancedFunctionInvoker.definitions('voice'));
    const onEmail = await inShop(k, shop.shopId, (ctx) => ctx.services.advancedFunctionInvoker.definitions('email'));
    expect(onVoice.map((d: any) => d.name))
      .to.include('voice_only')
      .and.not.include('switched_off');
    expect(onEmail.map((d: any) => d.name)).to.not.include('voice_only');
    expect(onVoice.find((d: any) => d.name === 'voice_only')).to.deep.equal({
      name: 'voice_only',
      description: 'Looks up an order by its number.',
      parameters: ORDER_SCHEMA,
    });
    const outcome = await inShop(
      k,
      shop.shopId,
      (ctx) =>
        ctx.services.advancedFunctionInvoker.invokeByName(
          'voice_only',
          { order_id: 'V-1' },
          {
            source: 'assistant',
            surface: 'voice',
            phone: '+34600111222',
            requestId: 'req-1',
          },
        ),
      false,
    );
    expect(outcome.status).to.equal('ok');
    const body = JSON.parse(server.received[server.received.length - 1]!.body);
    expect(body.context).to.deep.equal({
      shop_id: shop.shopId,
      surface: 'voice',
      customer: { phone: '+34600111222' },
      request_id: 'req-1',
    });
    await inShop(
      k,
      shop.shopId,
      (ctx) =>
        ctx.services.advancedFunctionInvoker.invokeByName(
          'voice_only',
          {},
          { source: 'assistant', surface: 'email', requestId: 'r' },
        ),
      false,
    )
      .then(() => expect.fail('offered on email'))
      .catch((err: Error) => expect(err.message).to.include('No enabled custom function'));
    expect(
      (await call.ok('list_custom_functions', { surface: 'email' })).functions.map((f: any) => f.name),
    ).to.not.include('voice_only');
    expect(
      (await call.ok('list_custom_functions', { is_enabled: false })).functions.map((f: any) => f.id),
    ).to.deep.equal([off.id]);
    void voiceOnly;
  });

  it('updates, rotates the secret, clears headers, deletes', async () => {
    const { function: fn } = await create({ name: 'to_change' });
    const changed = await call.ok('update_custom_function', {
      function_id: fn.id,
      description: 'Changed.',
      headers: null,
      rotate_secret: true,
    });
    expect(changed.secret).to.match(/^fsec_/);
    expect(changed.function).to.deep.include({ description: 'Changed.', headers: {} });
    await test(fn.id, { order_id: 'U' });
    const got = server.received[server.received.length - 1]!;
    expect(got.headers.authorization).to.equal(undefined);
    Stripe.webhooks.signature!.verifyHeader(got.body, got.headers['x-switchboard-signature']!, changed.secret, 300);
    expect((await call.ok('update_custom_function', { function_id: fn.id, is_enabled: false })).secret).to.equal(null);
    await call.fails('update_custom_function', { function_id: fn.id }, 'invalid_arguments');
    await call.fails('update_custom_function', { function_id: fn.id, name: 'order_status' }, 'conflict');
    await call.ok('delete_custom_function', { function_id: fn.id });
    await call.fails('get_custom_function', { function_id: fn.id }, 'not_found');
    await call.fails('test_custom_function', { function_id: fn.id, arguments: {} }, 'not_found');
  });
});
