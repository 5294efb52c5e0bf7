import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';

describe('transport: POST / (JSON-RPC 2.0 over MCP Streamable HTTP)', () => {
  let k: TestKernel;
  let token: string;

  before(async () => {
    k = await bootKernel({ groups: ['general'] });
    ({ token } = await k.newShop('Transport shop'));
  });
  after(() => k.close());

  const req = (id: unknown, method: string, params?: unknown) => ({
    jsonrpc: '2.0',
    id,
    method,
    ...(params !== undefined && { params }),
  });

  it('initialize needs no token and describes the server', async () => {
    const res = await k.rpc(
      req(1, 'initialize', {
        protocolVersion: '2025-03-26',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      }),
    );
    expect(res.status).to.equal(200);
    expect(res.body.id).to.equal(1);
    const r = res.body.result;
    expect(r.protocolVersion).to.equal('2025-03-26');
    expect(r.capabilities).to.have.keys('tools', 'resources', 'prompts', 'completions', 'logging');
    expect(r.capabilities.resources).to.deep.equal({ subscribe: true, listChanged: false });
    expect(r.serverInfo).to.include({ name: 'switchboard' });
    expect(r.instructions)
      .to.match(/confirm/i)
      .and.match(/general/);
    // The conventions the shared argument types no longer repeat in each description.
    expect(r.instructions)
      .to.include("without an offset (2026-12-02 09:30) is the shop's local time")
      .and.include('E.164')
      .and.include('limit is the page size, offset the records to skip')
      .and.include('change only the arguments given');
  });

  it('initialize without protocolVersion is invalid params', async () => {
    const res = await k.rpc(req(2, 'initialize', {}));
    expect(res.body.error.code).to.equal(-32602);
  });

  it('ping with a token answers an empty result', async () => {
    const res = await k.rpc(req('a', 'ping'), token);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ jsonrpc: '2.0', id: 'a', result: {} });
  });

  for (const method of ['ping', 'tools/list', 'tools/call', 'resources/list', 'resources/read']) {
    it(`${method} without a token → 401, -32000, request id echoed`, async () => {
      const res = await k.rpc(req(7, method, {}));
      expect(res.status).to.equal(401);
      expect(res.body.id).to.equal(7);
      expect(res.body.error.code).to.equal(-32000);
      expect(res.body.error.message).to.match(/^Unauthorized: invalid or missing Bearer token/);
    });
  }

  it('a wrong token → 401', async () => {
    const res = await k.rpc(req(8, 'ping'), 'sbt_wrong');
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal(-32000);
  });

  it('a batch with a bad token gets one 401 error per request', async () => {
    const res = await k.rpc(
      [req(1, 'ping'), req(2, 'tools/list'), { jsonrpc: '2.0', method: 'notifications/initialized' }],
      'sbt_wrong',
    );
    expect(res.status).to.equal(401);
    expect(res.body).to.be.an('array').with.length(2);
    expect(res.body.map((r: any) => [r.id, r.error.code])).to.deep.equal([
      [1, -32000],
      [2, -32000],
    ]);
  });

  it('malformed JSON → -32700 with id null', async () => {
    const res = await k.rpc('{"jsonrpc": "2.0", "id": 1,', token);
    expect(res.status).to.equal(400);
    expect(res.body.id).to.equal(null);
    expect(res.body.error.code).to.equal(-32700);
  });

  it('missing jsonrpc, bad id type and id null → -32600', async () => {
    for (const body of [
      { id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: { x: 1 }, method: 'ping' },
      { jsonrpc: '2.0', id: null, method: 'ping' },
      { jsonrpc: '1.0', id: 1, method: 'ping' },
    ]) {
      const res = await k.rpc(body, token);
      expect(res.body.error.code, JSON.stringify(body)).to.equal(-32600);
    }
  });

  it('an empty batch → -32600', async () => {
    const res = await k.rpc([], token);
    expect(res.body.error.code).to.equal(-32600);
    expect(res.body.id).to.equal(null);
  });

  it('unknown method → -32601', async () => {
    const res = await k.rpc(req(3, 'tools/destroy'), token);
    expect(res.status).to.equal(200);
    expect(res.body.error.code).to.equal(-32601);
  });

  it('a batch answers every element independently, always as an array', async () => {
    const res = await k.rpc(
      [
        req(1, 'ping'),
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        req(2, 'nope'),
        { id: 3, method: 'ping' },
        req(4, 'initialize', { protocolVersion: '2025-03-26' }),
        req(5, 'tools/call', { name: 'ping', arguments: { message: 'hi' } }),
      ],
      token,
    );
    expect(res.status).to.equal(200);
    const byId = Object.fromEntries(res.body.map((r: any) => [r.id, r]));
    expect(res.body).to.have.length(5);
    expect(byId[1].result).to.deep.equal({});
    expect(byId[2].error.code).to.equal(-32601);
    expect(byId[3].error.code).to.equal(-32600);
    expect(byId[4].error.code).to.equal(-32600);
    expect(byId[5].result.structuredContent).to.include({ success: true, echo: 'hi' });

    const one = await k.rpc([req(9, 'ping')], token);
    expect(one.body).to.be.an('array').with.length(1);
  });

  it('notifications and responses only → 202 with an empty body', async () => {
    for (const body of [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      [
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 5, result: {} },
      ],
    ]) {
      const res = await k.rpc(body, token);
      expect(res.status).to.equal(202);
      expect(res.body).to.equal(undefined);
    }
  });

  it('other HTTP methods on / → 405 with Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH'] as const) {
      const res = await k.app.inject({ method, url: '/' });
      expect(res.statusCode, method).to.equal(405);
      expect(res.headers.allow).to.equal('POST');
    }
  });

  it('a foreign Origin → 403; our own origin passes', async () => {
    const bad = await k.rpc(req(1, 'ping'), token, { origin: 'http://evil.example' });
    expect(bad.status).to.equal(403);
    const good = await k.rpc(req(1, 'ping'), token, { origin: new URL(k.baseUrl()).origin });
    expect(good.status).to.equal(200);
  });

  it('an unsupported MCP-Protocol-Version header → 400; the supported one passes', async () => {
    const bad = await k.rpc(req(1, 'ping'), token, { 'mcp-protocol-version': '1999-01-01' });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.message).to.match(/2025-03-26/);
    const good = await k.rpc(req(1, 'ping'), token, { 'mcp-protocol-version': '2025-03-26' });
    expect(good.status).to.equal(200);
  });

  it('a body over the limit → 413 with a clear JSON-RPC error', async () => {
    const res = await k.rpc(
      req(1, 'tools/call', { name: 'ping', arguments: { message: 'x'.repeat(2_000_000) } }),
      token,
    );
    expect(res.status).to.equal(413);
    expect(res.body.error.message).to.match(/too large/);
    // Answered once the body was read; the connection does not carry another request.
    expect(res.headers.connection).to.equal('close');
  });

  it('/health and /ready answer without auth', async () => {
    const res = await k.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).to.equal(200);
    expect(res.json()).to.include({ status: 'ok' });
    const ready = await k.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).to.equal(200);
    expect(ready.json()).to.include({ status: 'ready', database: 'up' });
  });
});
