import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { groupEntries, groupsUnderTest, REPO_ROOT } from './harness/groups-under-test.js';
import { portsOf, serviceNameProblems, servicePrefixOf } from './harness/service-names.js';
import { undeclaredServiceUses } from './harness/undeclared-services.js';
import type { LoadedPlugin } from '../core/plugin/load-plugins.js';
import { ServiceAccess } from '../core/plugin/service-access.js';

const groups = await groupsUnderTest();

/** A group's own sources: everything in its folder but its tests. */
function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.split('/').includes('test'))
    .filter((f) => !f.split('/').includes('node_modules'))
    .map((f) => join(dir, f));
}

/** Every group booted once: the values groups provide at setup are services too. */
describe('contract: services', function () {
  this.timeout(60_000);
  let kernel: TestKernel;

  before(async () => {
    kernel = await bootKernel({ groups: [], overrides: { groups: await groupEntries(groups.map((g) => g.name)) } });
  });
  after(async () => kernel?.close());

  describe('a group names its services with its prefix', () => {
    for (const group of groups) {
      it(`${group.name}`, () => {
        const { plugin } = kernel.plugins.find((p) => p.plugin.name === group.name)!;
        expect(
          serviceNameProblems(plugin, kernel.serviceAccess, portsOf(kernel.plugins)),
          'rename the service, or declare servicePrefix in the manifest',
        ).to.deep.equal([]);
      });
    }

    it('gives no two groups the same prefix', () => {
      const owners = new Map<string, string[]>();
      for (const { plugin } of kernel.plugins) {
        const prefix = servicePrefixOf(plugin);
        owners.set(prefix, [...(owners.get(prefix) ?? []), plugin.name]);
      }
      expect([...owners].filter(([, names]) => names.length > 1)).to.deep.equal([]);
    });

    it('catches a planted stray in the manifest and among the provided values, and lets a port’s name pass', () => {
      const group = (name: string, more: Partial<LoadedPlugin['plugin']>): LoadedPlugin => ({
        plugin: { name, version: '1.0.0', description: '', kernel: '^1.0.0', ...more },
        config: {},
      });
      const plugins = [
        group('fx_notes', { services: { fxNotesService: class {}, noteTagsService: class {}, labelsPort: class {} } }),
        group('fx_lists', { servicePrefix: 'list', ports: ['labelsPort'], services: { listsService: class {} } }),
        group('fx_bad', { servicePrefix: 'Bad-prefix' }),
      ];
      const access = ServiceAccess.of(plugins);
      access.claim('fx_lists', ['listItemCache', 'itemCache', 'listingsGate']);
      const ports = portsOf(plugins);
      expect(serviceNameProblems(plugins[0]!.plugin, access, ports)).to.deep.equal([
        'noteTagsService does not start with "fxNotes" and is no port\'s name',
      ]);
      expect(serviceNameProblems(plugins[1]!.plugin, access, ports)).to.deep.equal([
        'itemCache does not start with "list" and is no port\'s name',
        'listingsGate does not start with "list" and is no port\'s name',
      ]);
      expect(serviceNameProblems(plugins[2]!.plugin, access, ports)).to.deep.equal([
        'servicePrefix "Bad-prefix" is not a lower camelCase word',
      ]);
    });
  });

  describe('a group names only the services of groups it declares', () => {
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
});
