import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HostNotResolvedError, NetworkGuard, type Resolver } from '../core/net/network-guard.js';
import { ToolError } from '../core/errors/tool-error.js';

/** A fake DNS: each name answers what the test says, so no real resolver is asked. */
const DNS: Record<string, string[]> = {
  'public.example': ['93.184.216.34'],
  'public6.example': ['2606:2800:220:1:248:1893:25c8:1946'],
  'private.example': ['10.0.0.5'],
  'private172.example': ['172.16.4.4'],
  'private192.example': ['192.168.1.10'],
  'loopback.example': ['127.0.0.1'],
  'link-local.example': ['169.254.169.254'],
  'cgnat.example': ['100.64.0.1'],
  'unspecified.example': ['0.0.0.0'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'mapped-private.example': ['::ffff:10.1.2.3'],
  'loopback6.example': ['::1'],
  'unique-local.example': ['fd00::1'],
  'link-local6.example': ['fe80::1'],
  'mixed.example': ['93.184.216.34', '10.0.0.5'],
  'hooks.test': ['127.0.0.1'],
  'internal.test': ['10.9.9.9'],
};
const resolve: Resolver = async (name) => {
  const answers = DNS[name];
  if (!answers) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

async function refusal(work: Promise<unknown>): Promise<ToolError> {
  try {
    await work;
  } catch (err) {
    expect(err).to.be.instanceOf(ToolError);
    expect((err as ToolError).code).to.equal('url_not_allowed');
    return err as ToolError;
  }
  throw new Error('expected url_not_allowed');
}

describe('network guard: only public addresses, pinned, redirects checked again', () => {
  const guard = new NetworkGuard({ resolve });
  after(() => guard.close());

  it('public names and addresses pass, IPv4 and IPv6', async () => {
    expect(await guard.checkUrl('https://public.example/hook')).to.deep.equal({
      url: new URL('https://public.example/hook'),
      warning: null,
    });
    expect(await guard.checkHost('public6.example')).to.deep.equal({
      address: '2606:2800:220:1:248:1893:25c8:1946',
      family: 6,
    });
    expect(await guard.checkHost('93.184.216.34')).to.deep.equal({ address: '93.184.216.34', family: 4 });
  });

  for (const [name, kind] of [
    ['private.example', 'private'],
    ['private172.example', 'private'],
    ['private192.example', 'private'],
    ['loopback.example', 'loopback'],
    ['link-local.example', 'linkLocal'],
    ['cgnat.example', 'carrierGradeNat'],
    ['unspecified.example', 'unspecified'],
    ['mapped.example', 'loopback'],
    ['mapped-private.example', 'private'],
    ['loopback6.example', 'loopback'],
    ['unique-local.example', 'uniqueLocal'],
    ['link-local6.example', 'linkLocal'],
  ] as const) {
    it(`a name answering a ${kind} address (${DNS[name]![0]}) is refused`, async () => {
      const err = await refusal(guard.checkUrl(`https://${name}/x`));
      expect(err.details).to.include({ host: name, address: DNS[name]![0] });
      expect(err.message).to.contain(kind);
    });
  }

  it('literal private addresses are refused too, bracketed IPv6 included', async () => {
    await refusal(guard.checkUrl('http://10.0.0.1/'));
    await refusal(guard.checkUrl('http://[::1]:8080/'));
    await refusal(guard.checkUrl('http://[::ffff:169.254.169.254]/'));
  });

  it('one private address among public ones is enough to refuse', async () => {
    await refusal(guard.checkHost('mixed.example'));
  });

  it('only http and https, and only a URL; a name that does not resolve is no refusal', async () => {
    for (const url of [
      'ftp://public.example/f',
      'file:///etc/passwd',
      'gopher://public.example',
      'javascript:alert(1)',
    ])
      expect((await refusal(guard.checkUrl(url))).message).to.contain('scheme');
    await refusal(guard.checkUrl('not a url'));
    // Configured while DNS cannot answer: saved with a warning; every call checks the name again.
    const unresolved = await guard.checkUrl('https://nowhere.example/hook');
    expect(unresolved.url.href).to.equal('https://nowhere.example/hook');
    expect(unresolved.warning).to.match(/nowhere\.example does not resolve right now/);
    // A client connecting itself gets the resolver's kind of failure, not url_not_allowed.
    const err = await guard.checkHost('nowhere.example').catch((e: unknown) => e);
    expect(err).to.be.instanceOf(HostNotResolvedError);
    expect(err).to.include({ code: 'ENOTFOUND', host: 'nowhere.example' });
  });

  describe('fetch, against a local server', () => {
    let server: Server;
    let port: number;
    const local = new NetworkGuard({ resolve, allowLoopback: true, maxRedirects: 3 });
    before(async () => {
      server = createServer((req, res) => {
        const to = (location: string) => res.writeHead(302, { location }).end();
        if (req.url === '/ok') return res.end(`ok via ${req.headers.host}`);
        if (req.url === '/to-internal') return to(`http://internal.test:${port}/ok`);
        if (req.url === '/to-ok') return to(`http://hooks.test:${port}/ok`);
        if (req.url === '/to-file') return to('file:///etc/passwd');
        if (req.url === '/loop') return to('/loop');
        res.writeHead(404).end();
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      port = (server.address() as AddressInfo).port;
    });
    after(async () => {
      await local.close();
      await new Promise((done) => server.close(done));
    });

    it('connects to the address the guard checked, keeping the name for the request', async () => {
      const res = await local.fetch(`http://hooks.test:${port}/ok`);
      expect(await res.text()).to.equal(`ok via hooks.test:${port}`);
    });

    it('a name that does not resolve at call time fails as any unreachable host does, not as a refusal', async () => {
      const err = (await local.fetch(`http://nowhere.example:${port}/ok`).catch((e: unknown) => e)) as Error & {
        cause?: unknown;
      };
      expect(err).not.to.be.instanceOf(ToolError);
      expect(err.cause).to.be.instanceOf(HostNotResolvedError);
    });

    it('without the loopback setting (production), the same loopback target is refused before connecting', async () => {
      await refusal(guard.fetch(`http://hooks.test:${port}/ok`));
      await refusal(guard.fetch(`http://127.0.0.1:${port}/ok`));
      await refusal(local.fetch('http://10.0.0.1/'));
      expect(await (await local.fetch(`http://127.0.0.1:${port}/ok`)).text()).to.equal(`ok via 127.0.0.1:${port}`);
    });

    it('follows a redirect only after checking it: to a public-looking name that is private, to another scheme, or too many', async () => {
      expect(await (await local.fetch(`http://hooks.test:${port}/to-ok`)).text()).to.contain('ok via hooks.test');
      await refusal(local.fetch(`http://hooks.test:${port}/to-internal`));
      expect((await refusal(local.fetch(`http://hooks.test:${port}/to-file`))).message).to.contain('scheme');
      expect((await refusal(local.fetch(`http://hooks.test:${port}/loop`))).message).to.contain('redirects');
    });
  });
});

describe('network guard: a request opened in two steps', () => {
  const guard = new NetworkGuard({ resolve, allowLoopback: true });
  let server: Server;
  let url: string;
  /** Each request as the server saw it: its head came, and whether its body ended or broke off. */
  const seen: { body: string; ended: boolean; brokeOff: boolean }[] = [];
  before(async () => {
    server = createServer((req, res) => {
      const request = { body: '', ended: false, brokeOff: false };
      seen.push(request);
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (request.body += chunk));
      req.on('end', () => {
        request.ended = true;
        res.end(`took ${request.body}`);
      });
      req.on('aborted', () => (request.brokeOff = true));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://hooks.test:${(server.address() as AddressInfo).port}/messages`;
  });
  after(async () => {
    await guard.close();
    await new Promise((done) => server.close(done));
  });
  beforeEach(() => (seen.length = 0));

  const open = (body: string) =>
    guard.open(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(5000),
    });
  const settled = () => new Promise((done) => setTimeout(done, 100));
  const sent = async (body: string) => {
    const opened = await open(body);
    opened.complete();
    return opened.response();
  };

  it('opened, the server has the request but not all of its body; completed, it takes it whole', async () => {
    const opened = await open('{"to":"34600111222"}');
    await settled();
    expect(seen).to.have.length(1);
    expect(seen[0]).to.deep.equal({ body: '{"to":"34600111222"', ended: false, brokeOff: false });
    opened.complete();
    await settled();
    expect(seen[0]).to.deep.equal({ body: '{"to":"34600111222"}', ended: true, brokeOff: false });
    const { statusCode, body } = await opened.response();
    expect(statusCode).to.equal(200);
    expect(await body.text()).to.equal('took {"to":"34600111222"}');
  });

  it('abandoned, the server gets a request that breaks off short of its length and never ends', async () => {
    const opened = await open('{"to":"34600111333"}');
    opened.abandon();
    await settled();
    expect(seen).to.have.length(1);
    expect(seen[0]).to.include({ ended: false, brokeOff: true });
    // The next request goes on a new connection as usual.
    expect(await (await sent('{"n":2}')).body.text()).to.equal('took {"n":2}');
  });

  it('a response asked for before the request is completed fails, and the server takes nothing', async () => {
    const opened = await open('{"to":"34600111444"}');
    const err = await opened.response().then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err).to.be.an('error');
    await settled();
    expect(seen).to.have.length(1);
    expect(seen[0]).to.include({ ended: false });
    expect(await (await sent('{"n":3}')).body.text()).to.equal('took {"n":3}');
  });

  it('on a kept-alive connection too, and when the connection cannot be made it fails before anything is written', async () => {
    for (const n of [1, 2, 3]) expect(await (await sent(`{"n":${n}}`)).body.text()).to.equal(`took {"n":${n}}`);
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const err = (await guard
      .open(`http://hooks.test:${port}/messages`, {
        method: 'POST',
        headers: {},
        body: '{}',
        signal: AbortSignal.timeout(5000),
      })
      .catch((e: unknown) => e)) as Error & { code?: string };
    expect(err.code).to.equal('ECONNREFUSED');
    await refusal(
      new NetworkGuard({ resolve }).open(url, {
        method: 'POST',
        headers: {},
        body: '{}',
        signal: AbortSignal.timeout(5000),
      }),
    );
  });
  it('completed requests are whole at the server even when the process is killed in the next statement', async function () {
    this.timeout(30_000);
    // A child process warms a kept-alive connection, opens three requests, completes them and is
    // killed at once: what complete() writes is already the kernel's, which sends it as the socket closes.
    const script = `
      import { NetworkGuard } from ${JSON.stringify(new URL('../core/net/network-guard.ts', import.meta.url).pathname)};
      const guard = new NetworkGuard({ allowLoopback: true });
      const open = (body) => guard.open(${JSON.stringify(url.replace('hooks.test', '127.0.0.1'))}, { method: 'POST', headers: {}, body, signal: AbortSignal.timeout(5000) });
      const warm = await open('{"warm":1}');
      warm.complete();
      await (await warm.response()).body.text();
      const opened = await Promise.all([1, 2, 3].map((n) => open('{"n":' + n + '}')));
      for (const request of opened) request.complete();
      process.kill(process.pid, 'SIGKILL');
    `;
    const child = spawn(process.execPath, ['--import', 'tsx/esm', '--input-type=module', '-e', script], {
      stdio: 'inherit',
    });
    expect(await new Promise((done) => child.on('exit', (_code, signal) => done(signal)))).to.equal('SIGKILL');
    await settled();
    expect(
      seen
        .filter((r) => r.ended)
        .map((r) => r.body)
        .sort(),
    ).to.deep.equal(['{"n":1}', '{"n":2}', '{"n":3}', '{"warm":1}']);
  });
});
