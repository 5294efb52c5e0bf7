import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificate } from '../../../test/helpers/mail-servers/tls-certificate.js';

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering (a slow receiver). */
  delayMs?: number;
  /** Drop the connection without answering. */
  drop?: boolean;
}

/**
 * A local HTTPS webhook receiver with a certificate of its own (the kernel trusts it through
 * network.trustedCaPem): records every request as received, raw body included, and answers as
 * `answer` says. `stop()` and `start()` take it down and bring it back on the same port.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  answer: (req: Received) => Answer = () => ({ status: 200, body: 'ok' });
  readonly certPem: string;
  private readonly keyPem: string;
  private server: Server | undefined;
  private port = 0;

  constructor() {
    const cert = selfSignedCertificate(mkdtempSync(join(tmpdir(), 'sb-receiver-')));
    this.certPem = cert.certPem;
    this.keyPem = cert.keyPem;
  }

  get url(): string {
    return `https://127.0.0.1:${this.port}/hooks`;
  }

  async start(): Promise<void> {
    const server = createServer({ cert: this.certPem, key: this.keyPem }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const got: Received = {
          path: req.url ?? '',
          headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        this.received.push(got);
        const answer = this.answer(got);
        if (answer.drop) return req.socket.destroy();
        const respond = () => {
          res.writeHead(answer.status, answer.headers ?? {});
          res.end(answer.body ?? '');
        };
        // Not through a 0 ms timer: a timer waits at least 1 ms, a delay no receiver that answers at once has.
        if (answer.delayMs) setTimeout(respond, answer.delayMs);
        else respond();
      });
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The requests carrying one delivery id. */
  of(deliveryId: string): Received[] {
    return this.received.filter((r) => r.headers['webhook-id'] === deliveryId);
  }
}
