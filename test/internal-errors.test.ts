import { expect } from 'chai';
import { Writable } from 'node:stream';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { fixtureGroup } from './fixtures/fixture-groups.js';

describe('internal errors: logged with a request id, never shown', () => {
  let k: TestKernel;
  let token: string;
  const logLines: string[] = [];

  before(async () => {
    k = await bootKernel({ groups: ['general'], overrides: { groups: { fx_faulty: fixtureGroup('fx_faulty') } } });
    ({ token } = await k.newShop('Faulty shop'));
    // Capture what the kernel logs for the failures below.
    const sink = new Writable({ write: (chunk, _e, done) => (logLines.push(chunk.toString()), done()) });
    const log = k.app.log as unknown as { error: (...args: unknown[]) => void };
    const original = log.error.bind(log);
    log.error = (obj: unknown, msg?: unknown) => {
      sink.write(
        JSON.stringify({
          obj: obj instanceof Object ? { ...(obj as object), err: String((obj as any).err) } : obj,
          msg,
        }),
      );
      return original(obj, msg);
    };
  });
  after(() => k.close());

  it('a crashing tool → isError, internal_error carrying a request id; no SQL, no stack', async () => {
    const res = await k.rpc(
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'fx_crash', arguments: {} } },
      token,
    );
    expect(res.status).to.equal(200);
    const payload = res.body.result.structuredContent;
    expect(res.body.result.isError).to.equal(true);
    expect(payload).to.have.keys('success', 'error_code', 'message');
    expect(payload.error_code).to.equal('internal_error');
    const requestId = /request id ([0-9a-f-]{36})/.exec(payload.message)?.[1];
    expect(requestId, payload.message).to.be.a('string');
    expect(JSON.stringify(res.body)).to.not.match(/secret_table|token_hash|select|at .*\.ts/);
    expect(logLines.some((l) => l.includes(requestId!) && l.includes('secret_table'))).to.equal(true);
  });

  it('a crash outside a tool (resources/read) → -32603 with the request id only', async () => {
    const res = await k.rpc(
      { jsonrpc: '2.0', id: 'r', method: 'resources/read', params: { uri: 'fx://crash' } },
      token,
    );
    expect(res.body.id).to.equal('r');
    expect(res.body.error.code).to.equal(-32603);
    expect(res.body.error.message).to.match(/^Internal error \(request id [0-9a-f-]{36}\)$/);
    expect(JSON.stringify(res.body)).to.not.match(/secret_table|token_hash|select/);
  });

  it('an unknown resource → -32002; other requests of the batch still answer', async () => {
    const res = await k.rpc(
      [
        { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'shop://nope' } },
        { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'shop://profile' } },
      ],
      token,
    );
    expect(res.body[0].error).to.include({ code: -32002 });
    expect(res.body[0].error.data).to.deep.equal({ uri: 'shop://nope' });
    const profile = JSON.parse(res.body[1].result.contents[0].text);
    expect(profile).to.include({ name: 'Faulty shop' });
    expect(res.body[1].result.contents[0].mimeType).to.equal('application/json');
  });
});
