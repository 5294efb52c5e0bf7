import { expect } from 'chai';
import { groupsUnderTest, loadGroups, registryOf } from './harness/groups-under-test.js';
import { discoverIsolationFixtures, targetArguments } from './harness/isolation.js';
import { describeIsolation } from './kit/describe-isolation.js';

/**
 * Cross-tenant isolation: for every group's fixture, shop B aims each tool that takes an id or a
 * phone at shop A's data and must get not_found (or an empty result) while A's data stays as it was.
 */
const fixtures = await discoverIsolationFixtures();
const groups = await groupsUnderTest();

describe('cross-tenant isolation', () => {
  it('has a fixture for every group whose tools take an id or a phone', async () => {
    const registry = registryOf(await loadGroups(groups));
    const withFixture = new Set(fixtures.map((f) => f.group));
    const missing = groups
      .filter((g) => !withFixture.has(g.name))
      .filter((g) => registry.all().some((t) => t.group === g.name && targetArguments(t).length > 0))
      .map((g) => g.name);
    expect(missing, `groups without test/isolation.fixture.ts: ${missing.join(', ')}`).to.deep.equal([]);
  });

  // The examples are packages of their own: their tests run their fixtures through the test kit.
  for (const { group, path, fixture } of fixtures.filter((f) => !f.path.startsWith('examples/')))
    describeIsolation(group, fixture, { path });
});
