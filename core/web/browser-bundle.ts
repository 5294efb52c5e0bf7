import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface BrowserBundle {
  code: string;
  /** The content hash, quoted: the bundle's ETag. */
  etag: string;
}

const built = new Map<string, Promise<BrowserBundle>>();

/**
 * A script for browsers, bundled and minified by esbuild from a group's TypeScript entry (its `.js`
 * twin under `npm start`'s compiled dist/) on first use, then kept for the process. The project has
 * no build step for it.
 */
export function browserBundle(entry: URL): Promise<BrowserBundle> {
  const source = fileURLToPath(entry);
  let bundle = built.get(source);
  if (!bundle) {
    bundle = (async () => {
      const { build } = await import('esbuild');
      const result = await build({
        entryPoints: [existsSync(source) ? source : source.replace(/\.ts$/, '.js')],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        write: false,
        legalComments: 'none',
        logLevel: 'silent',
      });
      const code = result.outputFiles[0]!.text;
      return { code, etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 27)}"` };
    })();
    bundle.catch(() => built.delete(source));
    built.set(source, bundle);
  }
  return bundle;
}

/**
 * Serves a group's browser script at `path` (a widget's, a button's): JavaScript, cached five
 * minutes, its content hash as ETag (304 when unchanged), loadable from any site. Built in the
 * background once the server listens, so the first visitor does not wait for esbuild.
 */
export function browserScriptRoute(app: FastifyInstance, path: string, entry: URL, log: FastifyBaseLogger): void {
  app.addHook('onListen', async () => {
    browserBundle(entry).catch((err) => log.error({ err, path }, 'a browser script could not be built'));
  });
  app.get(path, { config: { checksOrigin: true } }, async (request, reply) => {
    const bundle = await browserBundle(entry);
    reply
      .type('text/javascript; charset=utf-8')
      .header('etag', bundle.etag)
      .header('cache-control', 'public, max-age=300')
      .header('access-control-allow-origin', '*')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === bundle.etag) return reply.code(304).send();
    return bundle.code;
  });
}
