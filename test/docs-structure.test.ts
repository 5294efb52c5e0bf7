import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './harness/groups-under-test.js';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const folders = (path: string) =>
  readdirSync(join(REPO_ROOT, path), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** The maps a newcomer reads first stay true as folders are added. */
describe('docs: the maps of the repository', () => {
  it('docs/architecture.md describes every folder of core/', () => {
    const text = read('docs/architecture.md');
    expect(folders('core').filter((f) => !text.includes(`\`core/${f}/\``))).to.deep.equal([]);
  });

  it('docs/structure.md names every folder of core/, scripts/, test/ and examples/', () => {
    const text = read('docs/structure.md');
    const missing = ['core', 'scripts', 'test', 'examples'].flatMap((top) =>
      folders(top)
        .filter((f) => !new RegExp(`^\\s+(\\S+/ )*${f}/`, 'm').test(text))
        .map((f) => `${top}/${f}`),
    );
    expect(missing).to.deep.equal([]);
  });

  it('speaks of the project, not of the tickets and sessions it was built in', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f && f !== 'package-lock.json' && !f.endsWith('.png'));
    const ticket = /\b(issue|stop) #?\d+/i;
    const found = files.flatMap((f) =>
      read(f)
        .split('\n')
        .flatMap((line, i) => (ticket.test(line) ? [`${f}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
    );
    expect(found).to.deep.equal([]);
  });
});
