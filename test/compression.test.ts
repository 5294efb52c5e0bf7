import { expect } from 'chai';
import { request } from 'node:http';
import { PassThrough } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { negotiateEncoding } from '../core/transport/content-encoding.js';
import { openEventStream } from '../core/transport/compressed-event-stream.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, still encoded. */
  bytes: Buffer;
}

/** A POST whose answer is kept as it came over the wire: fetch would decode it. */
function post(url: string, headers: Record<string, string>, body: unknown): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const decode = (answer: RawAnswer): string => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.bytes).toString('utf8');
  expect(encoding, 'an encoding this test knows').to.equal(undefined);
  return answer.bytes.toString('utf8');
};

/** Accept-Encoding as real clients send it. */
const CLIENTS = {
  // Node's fetch (undici), through which the official SDK, mcp-remote and the LangChain adapters
  // send: brotli only over https.
  nodeFetch: 'gzip, deflate',
  nodeFetchHttps: 'br, gzip, deflate',
  // Python's httpx and requests without the brotli extra.
  python: 'gzip, deflate',
  // curl --compressed and Chromium.
  curl: 'deflate, gzip, br, zstd',
  chromium: 'gzip, deflate, br, zstd',
};

describe('compressed answers: JSON and SSE, for clients that accept it', function () {
  this.timeout(120_000);

  let k: TestKernel;
  let url: string;
  let token: string;
  let auth: Record<string, string>;

  before(async () => {
    k = await bootKernel({
      groups: ['general', 'agents', 'customers', 'tickets'],
      overrides: { groups: { conformance: { enabled: true, resolve: '@acme/switchboard-conformance' } } },
    });
    ({ token } = await k.newShop('Compression shop'));
    url = `${await k.listen()}/`;
    auth = { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream' };
  });

  after(async () => {
    await k?.close();
  });

  const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

  it('answers tools/list with the encoding each client prefers, the same JSON once decoded', async () => {
    const plain = await post(url, { ...auth, 'mcp-protocol-version': '2025-06-18' }, list);
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.headers.vary).to.match(/accept-encoding/i);
    const expected = plain.bytes.toString('utf8');
    expect(JSON.parse(expected).result.tools.length).to.be.greaterThan(10);
    const seen: Record<string, string | undefined> = {};
    for (const [client, acceptEncoding] of Object.entries(CLIENTS)) {
      const answer = await post(
        url,
        { ...auth, 'mcp-protocol-version': '2025-06-18', 'accept-encoding': acceptEncoding },
        list,
      );
      expect(answer.status).to.equal(200);
      expect(answer.headers.vary).to.match(/accept-encoding/i);
      seen[client] = answer.headers['content-encoding'] as string | undefined;
      expect(decode(answer), client).to.equal(expected);
      expect(answer.bytes.length, client).to.be.lessThan(expected.length / 4);
    }
    expect(seen).to.deep.equal({ nodeFetch: 'gzip', nodeFetchHttps: 'br', python: 'gzip', curl: 'br', chromium: 'br' });
  });

  it('follows the weights: q=0 refuses a coding, identity or nothing acceptable leaves the answer as it is', async () => {
    const encodingFor = async (acceptEncoding: string) =>
      (await post(url, { ...auth, 'accept-encoding': acceptEncoding }, list)).headers['content-encoding'];
    expect(await encodingFor('br;q=0, gzip')).to.equal('gzip');
    expect(await encodingFor('gzip;q=0.5, br;q=0.4')).to.equal('gzip');
    expect(await encodingFor('*')).to.equal('br');
    expect(await encodingFor('*;q=0.1, br;q=0')).to.equal('gzip');
    expect(await encodingFor('identity')).to.equal(undefined);
    expect(await encodingFor('deflate, zstd')).to.equal(undefined);
    expect(await encodingFor('br;q=0, gzip;q=0')).to.equal(undefined);
  });

  it('leaves answers under the threshold alone (a ping, an error)', async () => {
    const ping = await post(
      url,
      { ...auth, 'accept-encoding': CLIENTS.nodeFetch },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    );
    expect(ping.headers['content-encoding']).to.equal(undefined);
    expect(JSON.parse(ping.bytes.toString('utf8'))).to.deep.equal({ jsonrpc: '2.0', id: 2, result: {} });
    const refused = await post(url, { 'accept-encoding': CLIENTS.nodeFetch }, list);
    expect(refused.status).to.equal(401);
    expect(refused.headers['content-encoding']).to.equal(undefined);
  });

  it('compresses a tool call’s SSE stream, the progress events and the response last', async () => {
    for (const [acceptEncoding, expected] of [
      [CLIENTS.nodeFetchHttps, 'br'],
      [CLIENTS.nodeFetch, 'gzip'],
    ] as const) {
      const answer = await post(
        url,
        { ...auth, 'accept-encoding': acceptEncoding },
        {
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'test_tool_with_progress', arguments: {}, _meta: { progressToken: 'p' } },
        },
      );
      expect(answer.headers['content-type']).to.equal('text/event-stream');
      expect(answer.headers['content-encoding']).to.equal(expected);
      const events = decode(answer)
        .split('\n\n')
        .filter(Boolean)
        .map((e) => JSON.parse(e.replace(/^event: message\ndata: /, '')));
      expect(events.map((e) => e.params?.progress ?? 'response')).to.deep.equal([0, 50, 100, 'response']);
      expect(events.at(-1).result.structuredContent.success).to.equal(true);
    }
  });

  it('the official SDK client lists and calls tools, plain and streamed, through gzip answers', async () => {
    const encodings: (string | null)[] = [];
    const client = new Client({ name: 'compression-e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          encodings.push(res.headers.get('content-encoding'));
          return res;
        },
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).to.include.members(['ping', 'list_ai_tickets', 'test_tool_with_progress']);
      const progress: number[] = [];
      const result = await client.callTool({ name: 'test_tool_with_progress', arguments: {} }, undefined, {
        onprogress: (p) => void progress.push(p.progress),
      });
      expect((result.structuredContent as { success: boolean }).success).to.equal(true);
      expect(progress).to.deep.equal([0, 50, 100]);
      expect(encodings).to.include('gzip');
    } finally {
      await client.close();
    }
  });
});

describe('negotiateEncoding', () => {
  it('picks brotli, then gzip, by weight; x-gzip is gzip; nothing acceptable is undefined', () => {
    expect(negotiateEncoding(undefined)).to.equal(undefined);
    expect(negotiateEncoding('')).to.equal(undefined);
    expect(negotiateEncoding('x-gzip')).to.equal('gzip');
    expect(negotiateEncoding('GZIP; Q=1, BR; q=0.9')).to.equal('gzip');
    expect(negotiateEncoding(['gzip', 'br'])).to.equal('br');
    expect(negotiateEncoding('br;q=abc, gzip;q=0.1')).to.equal('gzip');
  });
});

describe('openEventStream', () => {
  /** A response that is a stream: what the sink writes, as bytes. */
  function fakeResponse() {
    const body = new PassThrough();
    let head: Record<string, string> = {};
    const raw = Object.assign(body, {
      writeHead: (_status: number, headers: Record<string, string>) => void (head = headers),
    }) as unknown as ServerResponse;
    return { raw, body, head: () => head };
  }

  for (const [acceptEncoding, decompressor] of [
    ['br', createBrotliDecompress],
    ['gzip', createGunzip],
  ] as const)
    it(`flushes each event through ${acceptEncoding} at once: the client decodes it before the stream ends`, async () => {
      const r = fakeResponse();
      const sink = openEventStream(r.raw, acceptEncoding, { 'content-type': 'text/event-stream' });
      expect(r.head()['content-encoding']).to.equal(acceptEncoding);
      const decoded = r.body.pipe(decompressor());
      let text = '';
      const waiting: (() => void)[] = [];
      decoded.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        for (const check of waiting.splice(0)) check();
      });
      const until = (wanted: string) =>
        new Promise<void>((resolve) => {
          const check = () => (text.includes(wanted) ? resolve() : void waiting.push(check));
          check();
        });
      sink.write('event: message\ndata: {"n":1}\n\n');
      await until('{"n":1}');
      sink.write('event: message\ndata: {"n":2}\n\n');
      await until('{"n":2}');
      sink.end('event: message\ndata: {"n":3}\n\n');
      await until('{"n":3}');
      expect(text).to.equal(['{"n":1}', '{"n":2}', '{"n":3}'].map((d) => `event: message\ndata: ${d}\n\n`).join(''));
    });
});
