import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './harness/groups-under-test.js';

/**
 * The server is Apache-2.0 and what it ships with must let it be: every package a production
 * install brings (package-lock.json, dev dependencies left out) carries a permissive licence, or
 * MPL-2.0 (file-level: resvg, unchanged), or a choice that includes one. GPL code lives only in the
 * session service's own install (session-service-licence.test.ts).
 */
const ALLOWED = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  'BSD',
  'BSD-2-Clause',
  'BSD-3-Clause',
  '0BSD',
  'Apache-2.0',
  'Unlicense',
  'BlueOak-1.0.0',
  'MPL-2.0',
  'Zlib',
  'CC0-1.0',
]);

/** Packages whose lock entry names no licence, with the one their LICENSE file states. */
const READ_FROM_LICENSE_FILE: Record<string, string> = { 'node_modules/awilix-manager': 'MIT' };

const acceptable = (expression: string): boolean => {
  const choice = expression.replace(/^\(|\)$/g, '');
  if (choice.includes(' OR ')) return choice.split(' OR ').some((l) => acceptable(l.trim()));
  if (choice.includes(' AND ')) return choice.split(' AND ').every((l) => acceptable(l.trim()));
  return ALLOWED.has(choice);
};

describe('licences', () => {
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { license?: string; dev?: boolean; link?: boolean }>;
  };

  it('the project is Apache-2.0: LICENSE and the manifests say so', () => {
    expect(readFileSync(join(REPO_ROOT, 'LICENSE'), 'utf8'))
      .to.contain('Apache License')
      .and.contain('Version 2.0');
    for (const manifest of ['package.json', 'examples/invoices/package.json', 'examples/conformance/package.json'])
      expect(JSON.parse(readFileSync(join(REPO_ROOT, manifest), 'utf8')).license, manifest).to.equal('Apache-2.0');
  });

  it('every package of a production install has a licence the server can ship with', () => {
    const refused = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.dev && !entry.link && !path.startsWith('examples/'))
      .map(([path, entry]) => [path, entry.license ?? READ_FROM_LICENSE_FILE[path] ?? '(none)'] as const)
      .filter(([, licence]) => !acceptable(licence));
    expect(refused).to.deep.equal([]);
  });

  it('a licence read from a LICENSE file is still what that file says', () => {
    for (const [path, licence] of Object.entries(READ_FROM_LICENSE_FILE)) {
      const file = join(REPO_ROOT, path, 'LICENSE');
      expect(existsSync(file), file).to.equal(true);
      expect(readFileSync(file, 'utf8')).to.match(new RegExp(`^${licence} License`));
    }
  });
});
