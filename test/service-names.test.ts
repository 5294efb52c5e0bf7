import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { groupEntries, groupsUnderTest } from './harness/groups-under-test.js';
import { portsOf, serviceNameProblems, servicePrefixOf } from './harness/service-names.js';
import type { LoadedPlugin } from '../core/plugin/load-plugins.js';
import { ServiceAccess } from '../core/plugin/service-access.js';

const groups = await groupsUnderTest();

describe('contract: a group names its services with its prefix', function () {
  this.timeout(60_000);
  let kernel: TestKernel;

  before(async () => {
    // Booted, so the values groups provide at setup are checked with the manifests' services.
    kernel = await bootKernel({ groups: [], overrides: { groups: await groupEntries(groups.map((g) => g.name)) } });
  });
  after(async () => kernel?.close());

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
