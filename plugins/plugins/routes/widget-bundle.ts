import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Bundle {
  code: string;
  etag: string;
}

let built: Promise<Bundle> | null = null;

/**
 * The widgets' script, bundled and minified from widget/ by esbuild on first use (the project has
 * no build step for tests, and `npm start` compiles widget/ to JavaScript that esbuild reads the
 * same way), then kept for the process. Its ETag is its content hash.
 */
export function widgetBundle(): Promise<Bundle> {
  built ??= (async () => {
    const { build } = await import('esbuild');
    const source = fileURLToPath(new URL('../widget/main.ts', import.meta.url));
    const entry = existsSync(source) ? source : source.replace(/\.ts$/, '.js');
    const result = await build({
      entryPoints: [entry],
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
  built.catch(() => {
    built = null;
  });
  return built;
}
