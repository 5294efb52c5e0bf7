import { spawn } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../core/config/load-config.js';
import { buildKernel } from '../../core/kernel.js';

const require = createRequire(import.meta.url);
const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const BASELINE = join(REPO, 'examples/conformance/baseline.yml');

export interface ConformanceRun {
  exitCode: number;
  output: string;
}

/**
 * Runs the official MCP conformance suite (server mode, active suite) against this server with the
 * conformance fixture group enabled, on `databaseUrl`, under this process's Node.js. The suite's
 * client sends no credentials, so it talks to a loopback proxy that adds the shop's Bearer token,
 * as a configured client would, and passes every other header (Host and Origin included) unchanged.
 */
export async function runConformance(databaseUrl: string, args: string[] = []): Promise<ConformanceRun> {
  // The suite's client may sit idle for many seconds between scenarios (it compiles a validator for
  // every listed tool's output schema): the proxy keeps its sockets open until the run ends.
  const proxy = createServer({ keepAliveTimeout: 600_000 });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyPort = (proxy.address() as AddressInfo).port;
  const config = await loadConfig({
    overrides: {
      server: { host: '127.0.0.1', port: 0, allowedOrigins: [`http://localhost:${proxyPort}`] },
      database: { url: databaseUrl, dataDir: await mkdtemp(join(tmpdir(), 'sb-conformance-')) },
      jobs: { enabled: false },
      logLevel: 'warn',
      groups: { conformance: { enabled: true, resolve: '@acme/switchboard-conformance' } },
    },
  });
  const kernel = await buildKernel(config, { logger: false });
  try {
    const serverUrl = new URL(await kernel.listen());
    const { token } = await kernel.shops.create({ name: 'Conformance' });
    forward(proxy, Number(serverUrl.port), token);
    return await suite(`http://localhost:${proxyPort}/`, args);
  } finally {
    proxy.closeAllConnections();
    proxy.close();
    await kernel.close();
  }
}

function forward(proxy: Server, port: number, token: string): void {
  proxy.on('request', (req, res) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, authorization: `Bearer ${token}` },
      },
      (answer) => {
        // Hop-by-hop headers describe the server's connection, not the proxy's: forwarding the
        // server's `keep-alive: timeout=72` made the suite's client keep a socket the proxy had
        // closed after its own 5 s, and the next scenario's first request failed on it.
        const { connection: _connection, 'keep-alive': _keepAlive, ...headers } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
}

function suite(url: string, args: string[]): Promise<ConformanceRun> {
  const cli = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'server', '--url', url, '--expected-failures', BASELINE, ...args], {
      cwd: REPO,
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ exitCode: code ?? 1, output }));
  });
}
