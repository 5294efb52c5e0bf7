import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import browserBuild from './browser-build.json' with { type: 'json' };

interface BrowserBundle {
  code: string;
  /** The content hash, quoted: the bundle's ETag. */
  etag: string;
}

const built = new Map<string, Promise<BrowserBundle>>();

/**
 * A script for browsers from a group's entry file, named `*.browser.ts`, kept for the process.
 * `npm run build` bundles each such entry into its `.js` twin (scripts/build.mjs), which the
 * compiled server reads as it is: it never loads esbuild, whose service process would otherwise
 * live beside every server (15 MB). Run from source (tsx), the entry is bundled by esbuild on first
 * use.
 */
function browserBundle(entry: URL): Promise<BrowserBundle> {
  const source = fileURLToPath(entry);
  let bundle = built.get(source);
  if (!bundle) {
    bundle = (existsSync(source) ? bundled(source) : readFile(source.replace(/\.ts$/, '.js'), 'utf8')).then((code) => ({
      code,
      etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 27)}"`,
    }));
    bundle.catch(() => built.delete(source));
    built.set(source, bundle);
  }
  return bundle;
}

const BROWSER_ENTRY = '.browser.ts';
/** The same options as `npm run build` gives esbuild for these entries. */
const BROWSER_BUILD = browserBuild as BuildOptions;

async function bundled(source: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({ ...BROWSER_BUILD, entryPoints: [source], write: false });
  return result.outputFiles[0]!.text;
}

/**
 * Serves a group's browser script at `path` (a widget's, a button's): JavaScript, cached five
 * minutes, its content hash as ETag (304 when unchanged), loadable from any site. Read (or built)
 * in the background once the server listens, so the first visitor does not wait.
 */
export function browserScriptRoute(app: FastifyInstance, path: string, entry: URL, log: FastifyBaseLogger): void {
  // Refused when the group registers it, not at its first visitor: only such entries are bundled by the build.
  if (!entry.pathname.endsWith(BROWSER_ENTRY))
    throw new Error(`a browser script's entry is a *${BROWSER_ENTRY} file: ${entry.pathname}`);
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
