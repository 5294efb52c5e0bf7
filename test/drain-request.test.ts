import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { drainRequest } from '../core/transport/drain-request.js';

/** drainRequest against a plain HTTP server: what a refused request's body costs the server, at most. */
describe('drainRequest: reading a refused body, bounded', () => {
  let server: Server;
  let port: number;
  let arrived: (request: IncomingMessage) => void;
  const sockets: Socket[] = [];

  before(async () => {
    server = createServer((request) => arrived(request));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterEach(() => sockets.splice(0).forEach((socket) => socket.destroy()));
  after(async () => {
    // The requests are never answered: their connections are closed here.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Opens a POST announcing `length` bytes and sends `sent` of them; resolves with the request as the server sees it. */
  const post = (length: number, sent: number) =>
    new Promise<{ request: IncomingMessage; socket: Socket }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      sockets.push(socket);
      socket.on('error', () => {});
      arrived = (request) => resolve({ request, socket });
      socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${length}\r\n\r\n`);
      socket.write(Buffer.alloc(sent, 120));
    });

  it('reads a body to its end and says so', async () => {
    const { request, socket } = await post(300_000, 100_000);
    const drained = drainRequest(request, 1_000_000, 5_000);
    socket.write(Buffer.alloc(200_000, 120));
    expect(await drained).to.equal(true);
    expect(request.complete).to.equal(true);
  });

  it('stops past maxBytes, however much more the client sends', async () => {
    const { request, socket } = await post(50_000_000, 0);
    let read = 0;
    request.on('data', (chunk: Buffer) => (read += chunk.length));
    const drained = drainRequest(request, 200_000, 5_000);
    const chunk = Buffer.alloc(64 * 1024, 120);
    for (let i = 0; i < 20; i++) socket.write(chunk);
    expect(await drained).to.equal(false);
    expect(read).to.be.within(200_000, 200_000 + 64 * 1024);
    const atStop = read;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(read, 'bytes read after it stopped').to.equal(atStop);
  });

  it('stops after maxMs when the client stops sending', async () => {
    const { request } = await post(1_000_000, 10_000);
    const started = performance.now();
    expect(await drainRequest(request, 10_000_000, 150)).to.equal(false);
    expect(performance.now() - started).to.be.within(140, 1_000);
  });

  it('resolves at once for a request already read', async () => {
    const { request } = await post(10, 10);
    await new Promise((resolve) => request.on('end', resolve).resume());
    expect(await drainRequest(request, 0, 0)).to.equal(true);
  });
});
