import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../../test/helpers/server-process.js';

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors plus answers that were not 2xx. */
  errors: number;
}

/**
 * POSTs `body` to `url` for `seconds` over `connections` connections with autocannon, run as a child
 * process so that the load generator does not share an event loop with a server it measures.
 */
export function autocannon(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<LoadFigures> {
  const args = [
    '-j',
    '-c',
    String(options.connections),
    '-d',
    String(options.seconds),
    '-m',
    'POST',
    '-b',
    options.body,
  ];
  for (const [name, value] of Object.entries(options.headers)) args.push('-H', `${name}=${value}`);
  args.push(options.url);
  return new Promise((resolve, reject) => {
    const child = spawn(join(repoRoot, 'node_modules/.bin/autocannon'), args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out);
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx });
    });
  });
}
