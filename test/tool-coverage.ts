import type { Suite } from 'mocha';
import type { ToolRegistry } from '../core/tools/tool-registry.js';
import { groupsUnderTest, loadGroups, registryOf } from './harness/groups-under-test.js';

/**
 * Tool coverage: every tool of every group enabled in config/default.ts, and of the examples,
 * must be called by some test. Kernels booted by test/helpers/boot.ts record each tool they are
 * asked to run, however the call arrives (k.call, k.rpc, an MCP client over HTTP, a confirmation
 * page); at the end of a full run (`npm test` sets SWITCHBOARD_TOOL_COVERAGE=1) a root hook fails
 * naming the tools nobody called.
 */
const called = new Set<string>();

export const toolsCalled = (): ReadonlySet<string> => called;

/**
 * Every invocation path looks its tool up by name in the registry — the invoker for tools/call,
 * the confirmation gate for approvals — so observing that lookup records every call.
 */
export function recordInvocations(registry: ToolRegistry): void {
  const lookup = registry.get.bind(registry);
  registry.get = (name: string) => {
    const tool = lookup(name);
    if (tool) called.add(name);
    return tool;
  };
}

/** Registered tools no test called, by group. */
export async function uncalledTools(): Promise<Map<string, string[]>> {
  const registry = registryOf(await loadGroups(await groupsUnderTest()));
  const byGroup = new Map<string, string[]>();
  for (const tool of registry.all().filter((t) => !called.has(t.definition.name))) {
    byGroup.set(tool.group, [...(byGroup.get(tool.group) ?? []), tool.definition.name]);
  }
  return byGroup;
}

/**
 * A run that filtered or stopped early (--grep, .only, --bail, a failed before hook) leaves tests
 * without a result; its coverage says nothing, so it is not checked.
 */
function everyTestRan(suite: Suite): boolean {
  return suite.tests.every((t) => t.isPending() || t.state !== undefined) && suite.suites.every(everyTestRan);
}

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    if (process.env.SWITCHBOARD_TOOL_COVERAGE !== '1') return;
    const root = this.test?.parent;
    if (!root || !everyTestRan(root)) return;
    const missing = await uncalledTools();
    if (missing.size === 0) return;
    const lines = [...missing].map(([group, tools]) => `  ${group}: ${tools.join(', ')}`);
    throw new Error(`tool coverage: these tools are registered but no test called them:\n${lines.join('\n')}`);
  },
};
