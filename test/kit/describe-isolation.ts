import { expect } from 'chai';
import type { GroupEntry } from '../../core/config/config-schema.js';
import { bootKernel, type TestKernel } from '../helpers/boot.js';
import { groupEntries } from '../harness/groups-under-test.js';
import {
  callAs,
  coverageGaps,
  probeFailure,
  type CallAs,
  type IsolationFixture,
  type IsolationProbe,
} from '../harness/isolation.js';

export interface IsolationOptions {
  /** Where the fixture is, for the test titles. */
  path?: string;
  /**
   * The config `groups` map to boot: by default the fixture's groups, found among the built-in
   * groups and the installed examples; a package outside this repository names its own `resolve`.
   */
  entries?: Record<string, GroupEntry>;
}

/**
 * Cross-tenant isolation of one group (a mocha `describe`): shop A seeds data through the group's
 * tools, shop B aims each probe at it and must get not_found or an empty result, and A's data stays
 * as it was.
 */
export function describeIsolation(group: string, fixture: IsolationFixture, options: IsolationOptions = {}): void {
  describe(`cross-tenant isolation: ${group}${options.path ? ` (${options.path})` : ''}`, () => {
    let k: TestKernel;
    let asA: CallAs;
    let asB: CallAs;
    let seed: Record<string, any>;
    let probes: IsolationProbe[];
    let snapshotBefore: unknown;

    before(async () => {
      expect(fixture.groups, `the fixture's groups must include ${group}`).to.include(group);
      const entries = options.entries ?? (await groupEntries(fixture.groups));
      for (const [name, config] of Object.entries((await fixture.groupConfig?.()) ?? {}))
        entries[name] = { ...entries[name], config: { ...entries[name]?.config, ...config } };
      k = await bootKernel({ groups: [], overrides: { groups: entries, network: await fixture.network?.() } });
      const tokenA = (await k.newShop(`Isolation ${group} A`)).token;
      asA = callAs(k, tokenA);
      asB = callAs(k, (await k.newShop(`Isolation ${group} B`)).token);
      seed = await fixture.seed(asA, { token: tokenA, inject: (request) => k.app.inject(request) });
      probes = fixture.probes(seed);
      snapshotBefore = await fixture.snapshot(asA, seed);
    });
    after(async () => {
      await k?.close();
    });

    it('has a probe or an exemption for every tool of the group that takes an id or a phone', () => {
      const unknown = probes.filter((p) => !k.registry.get(p.tool)).map((p) => p.tool);
      expect(unknown, 'probes naming tools that are not registered').to.deep.equal([]);
      const gaps = coverageGaps(
        fixture,
        probes,
        k.registry.all().filter((t) => t.group === group),
      );
      expect(gaps, gaps.join('\n')).to.deep.equal([]);
    });

    it('aims its query probes at data shop A can see (the same call as A is a non-empty success)', async () => {
      const failures: string[] = [];
      for (const probe of probes.filter((p) => k.registry.get(p.tool)?.definition.kind === 'query')) {
        const payload = await asA(probe.tool, probe.args);
        const empty = probe.expect === 'empty' && probe.isEmpty?.(payload);
        if (payload?.success !== true || empty)
          failures.push(`${probe.tool} ${JSON.stringify(probe.args)} as A: ${JSON.stringify(payload)}`);
      }
      expect(
        failures,
        `probes that find nothing even for shop A, so they prove nothing:\n${failures.join('\n')}`,
      ).to.deep.equal([]);
    });

    it('answers every probe as shop B with not_found or an empty result', async () => {
      const failures: string[] = [];
      for (const probe of probes) {
        const why = probeFailure(probe, await asB(probe.tool, probe.args));
        if (why) failures.push(`${probe.tool} ${JSON.stringify(probe.args)}: ${why}`);
      }
      expect(failures, failures.join('\n')).to.deep.equal([]);
    });

    it("leaves shop A's data unchanged", async () => {
      expect(await fixture.snapshot(asA, seed)).to.deep.equal(snapshotBefore);
    });
  });
}
