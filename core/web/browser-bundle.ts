import { createHash } from 'node:crypto';
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
 * twin under `npm start`'s compiled dist/) on first use, then kept for the process. Groups that
 * serve a widget or a button use it; the project has no build step for them.
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
