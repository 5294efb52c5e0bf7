import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';

const WINDOW_SECONDS = 60;

describe('rate limits: per shop and per address for failed authentication', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let id = 1;
  // The limiters read Date.now(). Tests move it forward to end a window instead of waiting a
  // minute, and never back: a clock that jumps back would stretch the window for later tests.
  const realNow = Date.now;
  let clockOffset = 0;

  before(async () => {
    k = await bootKernel({
      groups: ['general'],
      overrides: { auth: { requestsPerWindow: 5, failedAttemptsPerWindow: 3, windowSeconds: WINDOW_SECONDS } },
    });
    Date.now = () => realNow() + clockOffset;
  });
  after(async () => {
    Date.now = realNow;
    await k.close();
  });

  /** Each test talks from its own address, so the per-address budget of one never touches another. */
  const send = async (address: string, body: unknown, token?: string) => {
    const res = await k.app.inject({
      method: 'POST',
      url: '/',
      remoteAddress: address,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : undefined };
  };
  const ping = (address: string, token?: string) => send(address, { jsonrpc: '2.0', id: id++, method: 'ping' }, token);
  const initialize = (address: string) =>
    send(address, {
      jsonrpc: '2.0',
      id: id++,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
  const windowPasses = () => {
    clockOffset += (WINDOW_SECONDS + 1) * 1000;
  };

  function expectLimited(res: Awaited<ReturnType<typeof send>>, requestId?: number) {
    expect(res.status).to.equal(429);
    expect(res.body.error.code).to.equal(-32001);
    if (requestId !== undefined) expect(res.body.id).to.equal(requestId);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).to.be.within(1, WINDOW_SECONDS);
    expect(res.body.error.data).to.deep.equal({ retry_after_seconds: retryAfter });
  }

  it('the 6th request of a shop in a window gets 429 with -32001 and Retry-After; another shop is unaffected', async () => {
    const a = await k.newShop('Limited shop');
    const b = await k.newShop('Unaffected shop');
    for (let i = 0; i < 5; i++) expect((await ping('10.0.1.1', a.token)).status, `request ${i + 1}`).to.equal(200);
    const requestId = id;
    const sixth = await ping('10.0.1.1', a.token);
    expectLimited(sixth, requestId);
    expect(sixth.body.error.message).to.match(/rate limit/i);

    // The budget is the shop's, whichever address the calls come from.
    expectLimited(await ping('10.0.1.2', a.token));
    expect((await ping('10.0.1.1', b.token)).status).to.equal(200);

    // A batch past the budget: 200 with one rate-limit error per request, and the Retry-After.
    const batch = await send(
      '10.0.1.1',
      [
        { jsonrpc: '2.0', id: 'x', method: 'ping' },
        { jsonrpc: '2.0', id: 'y', method: 'tools/list' },
      ],
      a.token,
    );
    expect(batch.status).to.equal(200);
    expect(Number(batch.headers['retry-after'])).to.be.within(1, WINDOW_SECONDS);
    expect(batch.body.map((r: any) => [r.id, r.error.code])).to.deep.equal([
      ['x', -32001],
      ['y', -32001],
    ]);

    expect((await initialize('10.0.1.1')).status, 'initialize is never limited').to.equal(200);

    windowPasses();
    expect((await ping('10.0.1.1', a.token)).status).to.equal(200);
  });

  it('after 3 failed authentications an address gets 429 for every bad or missing token until the window passes; a valid token still passes', async () => {
    const { token } = await k.newShop('Shop behind a noisy address');
    for (let i = 0; i < 3; i++)
      expect((await ping('10.0.2.1', `sbt_wrong_${i}`)).status, `bad token ${i + 1}`).to.equal(401);

    const requestId = id;
    const blocked = await ping('10.0.2.1', 'sbt_wrong_again');
    expectLimited(blocked, requestId);
    expect(blocked.body.error.message).to.match(/failed authentication/i);
    expectLimited(await ping('10.0.2.1'));

    // Behind a proxy everyone shares the address: another client's guesses never lock a shop out.
    expect((await ping('10.0.2.1', token)).status).to.equal(200);
    expect((await ping('10.0.2.2', 'sbt_wrong_elsewhere')).status, 'another address is unaffected').to.equal(401);
    const init = await initialize('10.0.2.1');
    expect(init.status, 'initialize is never limited').to.equal(200);
    expect(init.body.result.protocolVersion).to.equal('2025-03-26');

    windowPasses();
    expect((await ping('10.0.2.1', 'sbt_wrong_after')).status).to.equal(401);
  });

  it('each request of a batch counts against the shop’s budget: those past it get the rate-limit error, the rest run', async () => {
    const { token } = await k.newShop('Batching shop');
    const batch = await send(
      '10.0.5.1',
      Array.from({ length: 8 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })),
      token,
    );
    expect(batch.status).to.equal(200);
    expect(Number(batch.headers['retry-after'])).to.be.within(1, WINDOW_SECONDS);
    expect(batch.body.map((r: any) => (r.error ? r.error.code : 'ok'))).to.deep.equal([
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      -32001,
      -32001,
      -32001,
    ]);
    expectLimited(await ping('10.0.5.1', token));
    windowPasses();
    expect((await ping('10.0.5.1', token)).status).to.equal(200);
  });

  it('failed attempts below the limit do not block, and a good token does not reset the count', async () => {
    const { token } = await k.newShop('Shop with a typo');
    for (let i = 0; i < 2; i++) expect((await ping('10.0.3.1', 'sbt_typo')).status).to.equal(401);
    expect((await ping('10.0.3.1', token)).status).to.equal(200);
    expect((await ping('10.0.3.1', 'sbt_typo')).status).to.equal(401);
    expectLimited(await ping('10.0.3.1', 'sbt_typo'));
  });

  it('initialize is never limited, however many times an address sends it', async () => {
    for (let i = 0; i < 10; i++) expect((await initialize('10.0.4.1')).status).to.equal(200);
  });
});

describe('the client address behind a proxy', function () {
  this.timeout(60_000);
  const boot = (trustProxy?: boolean | string[]) =>
    bootKernel({
      groups: ['general'],
      overrides: {
        auth: { failedAttemptsPerWindow: 2 },
        ...(trustProxy !== undefined && { server: { trustProxy } }),
      },
    });
  /** A request from the proxy at 10.9.0.1, saying it comes from `client`. */
  const viaProxy = (k: TestKernel, client: string) =>
    k.app.inject({
      method: 'POST',
      url: '/',
      remoteAddress: '10.9.0.1',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sbt_wrong', 'x-forwarded-for': client },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });

  it('by default X-Forwarded-For is not believed: a client cannot dodge the failed-auth limit by naming another address', async () => {
    const k = await boot();
    try {
      const statuses = [];
      for (const client of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) statuses.push((await viaProxy(k, client)).statusCode);
      expect(statuses).to.deep.equal([401, 401, 429]);
    } finally {
      await k.close();
    }
  });

  it('with server.trustProxy naming the proxy, the forwarded client address is the one limited', async () => {
    const k = await boot(['10.9.0.1']);
    try {
      const statuses = [];
      for (const client of ['1.1.1.1', '1.1.1.1', '1.1.1.1', '2.2.2.2'])
        statuses.push((await viaProxy(k, client)).statusCode);
      expect(statuses).to.deep.equal([401, 401, 429, 401]);
    } finally {
      await k.close();
    }
  });
});
