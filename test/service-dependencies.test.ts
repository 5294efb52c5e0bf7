import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { groupEntries, groupsUnderTest, REPO_ROOT } from './harness/groups-under-test.js';
import { undeclaredServiceUses } from './harness/undeclared-services.js';
import { ServiceAccess } from '../core/plugin/service-access.js';

const groups = await groupsUnderTest();

/** A group's own sources: everything in its folder but its tests. */
function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.split('/').includes('test'))
    .filter((f) => !f.split('/').includes('node_modules'))
    .map((f) => join(dir, f));
}

describe('contract: a group names only the services of groups it declares', function () {
  this.timeout(60_000);
  let kernel: TestKernel;

  before(async () => {
    kernel = await bootKernel({ groups: [], overrides: { groups: await groupEntries(groups.map((g) => g.name)) } });
  });
  after(async () => kernel?.close());

  for (const group of groups) {
    it(`${group.name}`, () => {
      const uses = sourcesOf(group.dir).flatMap((file) =>
        undeclaredServiceUses(group.name, readFileSync(file, 'utf8'), kernel.serviceAccess).map(
          (u) => `${relative(REPO_ROOT, file)}: ${u.service} of ${u.owner}`,
        ),
      );
      expect(uses, 'declare the owning group in dependencies or optionalDependencies').to.deep.equal([]);
    });
  }

  it('catches a planted use of an undeclared group’s service', () => {
    const access = ServiceAccess.of([
      {
        plugin: {
          name: 'notes',
          version: '1.0.0',
          description: '',
          kernel: '^1.0.0',
          services: { notesService: class {} },
        },
        config: {},
      },
      { plugin: { name: 'lists', version: '1.0.0', description: '', kernel: '^1.0.0' }, config: {} },
    ]);
    const planted = 'async run() { return this.deps.notesService.list(); }';
    expect(undeclaredServiceUses('lists', planted, access)).to.deep.equal([
      { service: 'notesService', owner: 'notes' },
    ]);
    expect(undeclaredServiceUses('notes', planted, access)).to.deep.equal([]);
  });
});
