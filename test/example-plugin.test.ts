import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as kernelApi from '../core/index.js';
import { exampleGroups, REPO_ROOT } from './harness/groups-under-test.js';

/** Every .ts file of a package, without its tests unless asked. */
function sourceFiles(dir: string, tests = false): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory())
      return (entry === 'test' && !tests) || entry === 'node_modules' ? [] : sourceFiles(path, tests);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const importsOf = (file: string) =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]|import\s*\(?\s*['"]([^'"]+)['"]/g,
    ),
  ].map((m) => (m[1] ?? m[2])!);

const examples = await exampleGroups();

describe('example groups: third-party packages on the public API', () => {
  const rootPackage = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));

  it('the kernel package exports its public API as "switchboard"', async () => {
    expect(rootPackage.name).to.equal('switchboard');
    // The compiled server (npm start) runs with the switchboard-built condition: one kernel either way.
    expect(rootPackage.exports['.']).to.deep.equal({
      'switchboard-built': './dist/core/index.js',
      default: './core/index.ts',
    });
    const viaPackage = await import('switchboard');
    // The same module instance as core/index.ts, so ToolError thrown by a group is the kernel's own.
    expect(viaPackage.ToolError).to.equal(kernelApi.ToolError);
    expect(Object.keys(viaPackage).sort()).to.deep.equal(Object.keys(kernelApi).sort());
  });

  for (const example of examples) {
    const folder = relative(REPO_ROOT, example.dir);
    describe(`${folder} (${example.entry.resolve})`, () => {
      const pkg = JSON.parse(readFileSync(join(example.dir, 'package.json'), 'utf8'));

      it('is its own ESM package that declares the kernel as a peer dependency only', () => {
        expect(pkg.name).to.match(/^@[a-z0-9-]+\/[a-z0-9-]+$/);
        expect(pkg.type).to.equal('module');
        expect(pkg.exports['.']).to.equal('./index.ts');
        expect(Object.keys(pkg.peerDependencies ?? {})).to.deep.equal(['switchboard']);
        expect(pkg.dependencies ?? {}, 'runtime dependencies').to.deep.equal({});
        expect(rootPackage.workspaces).to.include('examples/*');
      });

      it('resolves by its package name to its own folder', () => {
        expect(fileURLToPath(import.meta.resolve(pkg.name))).to.equal(join(example.dir, 'index.ts'));
      });

      it('imports only "switchboard" and its own files', () => {
        const offending: string[] = [];
        for (const file of sourceFiles(example.dir)) {
          for (const specifier of importsOf(file)) {
            const inside =
              specifier.startsWith('.') && !relative(example.dir, resolve(dirname(file), specifier)).startsWith('..');
            if (specifier !== 'switchboard' && !inside)
              offending.push(`${relative(REPO_ROOT, file)} imports ${specifier}`);
          }
        }
        expect(offending, offending.join('\n')).to.deep.equal([]);
        expect(sourceFiles(example.dir).filter((f) => importsOf(f).includes('switchboard')).length).to.be.greaterThan(
          0,
        );
      });

      it('tests itself through the public test kit ("switchboard/testing"), never the repository\'s test folder', () => {
        const reaching = sourceFiles(join(example.dir, 'test'), true).flatMap((file) =>
          importsOf(file)
            .filter((s) => s.startsWith('.') && relative(example.dir, resolve(dirname(file), s)).startsWith('..'))
            .map((s) => `${relative(REPO_ROOT, file)} imports ${s}`),
        );
        expect(reaching, reaching.join('\n')).to.deep.equal([]);
      });
    });
  }
});
