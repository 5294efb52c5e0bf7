import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { selfSignedCertificate } from '../mail-servers/tls-certificate.js';

let certificate: { certPem: string; keyPem: string } | undefined;

/** One certificate for every fake of the process: the kernel trusts it through network.trustedCaPem. */
export function fakeCertificate(): { certPem: string; keyPem: string } {
  certificate ??= selfSignedCertificate(mkdtempSync(join(tmpdir(), 'sb-fake-store-')));
  return certificate;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A fake platform API over HTTPS on 127.0.0.1, answering as the real one does (paths, auth,
 * paging, error bodies, rate-limit headers). Every request is recorded; `down` makes it drop
 * connections, as a store that is offline.
 */
export abstract class FakeServer {
  readonly seen: SeenRequest[] = [];
  down = false;
  protected readonly app: FastifyInstance;
  private port = 0;

  constructor() {
    const { certPem, keyPem } = fakeCertificate();
    this.app = Fastify({ https: { cert: certPem, key: keyPem }, logger: false });
    this.app.addHook('onRequest', async (request, reply) => {
      if (this.down) {
        request.raw.socket.destroy();
        return reply;
      }
      this.seen.push({ method: request.method, url: request.url, headers: request.headers });
    });
  }

  protected abstract routes(app: FastifyInstance): void;

  get origin(): string {
    return `https://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    // Here, not in the constructor: a subclass's own fields exist only once its constructor ran.
    this.routes(this.app);
    await this.app.listen({ host: '127.0.0.1', port: 0 });
    this.port = (this.app.server.address() as { port: number }).port;
    return this;
  }

  async stop(): Promise<void> {
    await this.app.close();
  }

  /** Requests whose path starts with `prefix`. */
  requests(prefix: string): SeenRequest[] {
    return this.seen.filter((r) => r.url.startsWith(prefix));
  }
}
