import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChannelError } from '../channel/channel-error.js';
import { SessionServiceAdapter } from '../channel/session-service-adapter.js';
import { channelPortContract } from './channel-port-contract.js';
import { baileysSessionServiceHarness, sandboxHarness, sessionServiceHarness } from './helpers/channel-harnesses.js';
import { cloudApiHarness } from './helpers/cloud-api-harness.js';
import { wahaHarness } from './helpers/waha-harness.js';
import { evolutionHarness } from './helpers/evolution-harness.js';
import { TEST_SHARED_SECRET } from '../../../test/helpers/session-service-instance.js';

for (const factory of [
  sandboxHarness,
  sessionServiceHarness,
  baileysSessionServiceHarness,
  cloudApiHarness,
  wahaHarness,
  evolutionHarness,
])
  channelPortContract(factory);

describe('session-service adapter: failures of the service itself', () => {
  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const caught = async (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('expected a failure'),
      (err: unknown) => err as ChannelError,
    );

  it('an unreachable service → channel_unavailable (network)', async () => {
    const server = createServer();
    const url = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    const adapter = new SessionServiceAdapter({
      baseUrl: url,
      sharedSecret: TEST_SHARED_SECRET,
      sendAttempts: 2,
      retryDelayMs: 10,
    });
    const err = await caught(adapter.status({ sessionKey: 'ses_x', apiKey: 'sk_x' }));
    expect(err).to.be.instanceOf(ChannelError);
    expect(err.code).to.equal('channel_unavailable');
    expect(err.details.reason).to.equal('network');
  });

  it('a service that does not answer in time → channel_unavailable (timeout), and sends are retried with the same key', async () => {
    const bodies: string[] = [];
    const server = createServer((req) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => bodies.push(body));
    });
    const url = await listen(server);
    try {
      const adapter = new SessionServiceAdapter({
        baseUrl: url,
        sharedSecret: TEST_SHARED_SECRET,
        timeoutMs: 150,
        sendAttempts: 3,
        retryDelayMs: 10,
      });
      const err = await caught(
        adapter.send({ sessionKey: 'ses_x', apiKey: 'sk_x', to: '+34600111222', text: 'x', idempotencyKey: 'k-1' }),
      );
      expect(err.code).to.equal('channel_unavailable');
      expect(err.details.reason).to.equal('timeout');
      expect(err.message).to.match(/within 150 ms/);
      expect(bodies).to.have.length(3);
      for (const body of bodies) expect(JSON.parse(body).idempotency_key).to.equal('k-1');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a body that is not JSON → channel_protocol_error; a 5xx → channel_unavailable', async () => {
    let status = 200;
    const server = createServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'text/html' });
      res.end('<html>proxy error</html>');
    });
    const url = await listen(server);
    try {
      const adapter = new SessionServiceAdapter({ baseUrl: url, sharedSecret: TEST_SHARED_SECRET });
      expect((await caught(adapter.status({ sessionKey: 'ses_x', apiKey: 'sk_x' }))).code).to.equal(
        'channel_protocol_error',
      );
      status = 502;
      server.removeAllListeners('request');
      server.on('request', (_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end('{"error":"bad gateway"}');
      });
      const err = await caught(adapter.status({ sessionKey: 'ses_x', apiKey: 'sk_x' }));
      expect(err.code).to.equal('channel_unavailable');
      expect(err.message).to.equal('bad gateway');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a session without its API key is refused before any request', async () => {
    const adapter = new SessionServiceAdapter({ baseUrl: 'http://127.0.0.1:9', sharedSecret: TEST_SHARED_SECRET });
    const err = await caught(adapter.status({ sessionKey: 'ses_x' }));
    expect(err.code).to.equal('unauthorized');
  });
});
