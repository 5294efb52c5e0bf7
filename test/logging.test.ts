import { expect } from 'chai';
import { PassThrough, Writable } from 'node:stream';
import Fastify from 'fastify';
import { loggerOptions } from '../core/logging/logger-options.js';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { waitFor } from './helpers/wait-for.js';

describe('logging: secrets never reach a log line', () => {
  it('redacts bearer tokens, API keys, confirmation tokens, passwords and secrets', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { ...(loggerOptions('info') as object), stream } });
    app.log.info(
      {
        req: { headers: { authorization: 'Bearer sbt_live_token', 'x-api-key': 'sk_session_key', cookie: 'sid=1' } },
        args: { token: 'sbt_other', confirmation_token: 'ct_123', password: 'hunter2', secret: 'whsec', api_key: 'ak' },
      },
      'call',
    );
    await app.close();
    const out = lines.join('');
    for (const leaked of [
      'sbt_live_token',
      'sk_session_key',
      'sid=1',
      'sbt_other',
      'ct_123',
      'hunter2',
      'whsec',
      '"ak"',
    ]) {
      expect(out, leaked).to.not.include(leaked);
    }
    expect(out).to.include('[redacted]');
  });
});

describe('logging: one line per request', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let url: string;
  let token: string;
  let shopId: number;
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));

  before(async () => {
    k = await bootKernel({
      groups: ['general'],
      logStream: stream,
      overrides: { groups: { conformance: { enabled: true, resolve: '@acme/switchboard-conformance' } } },
    });
    url = await k.listen();
    ({ token, shopId } = await k.newShop('Logged shop'));
  });
  after(() => k?.close());

  /** The lines a request wrote (they carry its reqId), once the line that closes it is out. */
  const linesOf = async (send: () => Promise<Response>) => {
    lines.length = 0;
    const res = await send();
    await res.arrayBuffer();
    const closing = (l: any) => l.reqId && (l.msg === 'request' || l.msg === 'request completed');
    const last = await waitFor('the request’s closing log line', () => lines.map((l) => JSON.parse(l)).find(closing));
    return { res, logged: lines.map((l) => JSON.parse(l)).filter((l) => l.reqId === last.reqId) };
  };
  const rpc = (body: unknown, auth: string | null = token) =>
    linesOf(() =>
      fetch(`${url}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth && { authorization: `Bearer ${auth}` }) },
        body: JSON.stringify(body),
      }),
    );
  const call = (id: number, name: string, args: Record<string, unknown> = {}) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
  });

  it('a tool call writes one info line: request, status, duration, shop, method, tool, outcome — no token', async () => {
    const { logged } = await rpc(call(1, 'ping', { message: 'hello' }));
    expect(logged).to.have.length(1);
    const [line] = logged;
    expect(line).to.include({
      level: 30,
      msg: 'request',
      status: 200,
      shop: shopId,
      rpc: 'tools/call',
      tool: 'ping',
      outcome: 'ok',
    });
    expect(line.req).to.include({ method: 'POST', url: '/' });
    expect(line.ms).to.be.a('number').and.at.least(0);
    expect(line.reqId).to.match(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(line)).to.not.include(token).and.not.include('hello');
  });

  it('the outcome is the tool’s error code, the JSON-RPC code, or 401’s, each in one line', async () => {
    const invalid = await rpc(call(2, 'ping', { message: 42 }));
    expect(invalid.logged).to.have.length(1);
    expect(invalid.logged[0]).to.include({ rpc: 'tools/call', tool: 'ping', outcome: 'invalid_arguments' });
    const unknown = await rpc(call(3, 'no_such_tool'));
    expect(unknown.logged).to.have.length(1);
    expect(unknown.logged[0]).to.include({ rpc: 'tools/call', outcome: '-32602' }).and.not.have.property('tool');
    const refused = await rpc({ jsonrpc: '2.0', id: 4, method: 'ping' }, null);
    expect(refused.logged).to.have.length(1);
    expect(refused.logged[0]).to.include({ status: 401, rpc: 'ping', outcome: '-32000' }).and.not.have.property('shop');
  });

  it('a call answered as an event stream writes its one line when the stream ends', async () => {
    const { res, logged } = await linesOf(() =>
      fetch(`${url}/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify(call(5, 'test_tool_with_logging')),
      }),
    );
    expect(res.headers.get('content-type')).to.equal('text/event-stream');
    expect(logged).to.have.length(1);
    expect(logged[0]).to.include({ status: 200, rpc: 'tools/call', tool: 'test_tool_with_logging', outcome: 'ok' });
  });

  it('a batch writes one line listing its messages in order', async () => {
    const { logged } = await rpc([{ jsonrpc: '2.0', id: 1, method: 'ping' }, call(2, 'ping'), 1]);
    expect(logged).to.have.length(1);
    expect(logged[0].batch).to.deep.equal([
      { rpc: 'ping', outcome: 'ok' },
      { rpc: 'tools/call', tool: 'ping', outcome: 'ok' },
      { rpc: 'invalid', outcome: '-32600' },
    ]);
  });

  it('other routes write one line too; health probes only at debug', async () => {
    const missing = await linesOf(() => fetch(`${url}/no/such/route?token=secret123`));
    expect(missing.logged).to.have.length(1);
    expect(missing.logged[0]).to.include({ status: 404 });
    expect(missing.logged[0].req.url).to.equal('/no/such/route?token=[redacted]');
    lines.length = 0;
    const health = await fetch(`${url}/health`);
    expect(health.status).to.equal(200);
    await health.arrayBuffer();
    // The probe's line, if any, is written before the next request's.
    await (await fetch(`${url}/no/such/route`)).arrayBuffer();
    await waitFor('the 404 line', () => lines.some((l) => JSON.parse(l).status === 404));
    expect(lines.map((l) => JSON.parse(l).req?.url)).to.deep.equal(['/no/such/route']);
  });
});
