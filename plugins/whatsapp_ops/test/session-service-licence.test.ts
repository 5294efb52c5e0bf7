import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVICE = join(ROOT, 'plugins/whatsapp_ops/session-service');
const ENGINE_PACKAGES = /^(baileys|libsignal|whatsapp-rust-bridge|@whiskeysockets\/[^/]+)(\/|$)/;
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

/** Source files of the main server: everything it can load, tests and the session service left out. */
function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'test'].includes(entry.name) || path === SERVICE ? [] : serverSources(path);
    return /\.(ts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]([^'"]+)['"]/g)].map(
    (m) => m[1]!,
  );

/**
 * Baileys loads libsignal, which is GPL-3.0. It stays inside the direct session service, a
 * separate program with its own package manifest and node_modules; the main server neither
 * depends on it nor imports it (the lint rule says the same at edit time; this holds at the end).
 */
describe('licences: the WhatsApp Web engine stays inside the session service', () => {
  it('the root manifest and lock file name neither Baileys nor libsignal', () => {
    const manifest = json(join(ROOT, 'package.json'));
    const declared = Object.keys({
      ...manifest.dependencies,
      ...manifest.devDependencies,
      ...manifest.optionalDependencies,
    });
    expect(declared.filter((name) => ENGINE_PACKAGES.test(name))).to.deep.equal([]);
    const locked = Object.keys(json(join(ROOT, 'package-lock.json')).packages).map((path) =>
      path.replace(/^.*node_modules\//, ''),
    );
    expect(locked.filter((name) => ENGINE_PACKAGES.test(name))).to.deep.equal([]);
  });

  it('the session service pins them in its own manifest and lock file', () => {
    const manifest = json(join(SERVICE, 'package.json'));
    expect(manifest.dependencies.baileys).to.match(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
    const lock = json(join(SERVICE, 'package-lock.json')).packages;
    expect(lock['node_modules/baileys'].version).to.equal(manifest.dependencies.baileys);
    expect(lock['node_modules/libsignal'].license).to.equal('GPL-3.0');
  });

  it('no source of the main server imports the engine or the session service', () => {
    const offences = ['core', 'plugins', 'config'].flatMap((top) =>
      serverSources(join(ROOT, top)).flatMap((file) =>
        importsOf(file)
          .filter(
            (spec) => ENGINE_PACKAGES.test(spec) || (spec.startsWith('.') && /(^|\/)session-service\//.test(spec)),
          )
          .map((spec) => `${relative(ROOT, file)} imports ${spec}`),
      ),
    );
    expect(offences).to.deep.equal([]);
  });

  it('from the main server’s folder the engine cannot even be resolved', () => {
    const probe = `import('baileys').then(() => console.log('loaded'), (e) => console.log(e.code))`;
    const outcome = execFileSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: ROOT })
      .toString()
      .trim();
    expect(outcome).to.equal('ERR_MODULE_NOT_FOUND');
  });
});
