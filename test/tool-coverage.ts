import { writeFile } from 'node:fs/promises';
import type { Suite } from 'mocha';
import type { Kernel } from '../core/kernel.js';
import { groupsUnderTest, loadGroups, registryOf } from './harness/groups-under-test.js';

/**
 * Tool coverage: every tool of every group enabled in config/default.ts, and of the examples,
 * must be called by some test. Kernels booted by test/helpers/boot.ts record each tool they are
 * asked to run. A run of several lanes (`npm test`, test/runner/run.ts) has each lane write what it
 * called to SWITCHBOARD_TOOL_COVERAGE_FILE and checks the union; a single mocha run over the whole
 * suite with SWITCHBOARD_TOOL_COVERAGE=1 checks at its end, in a root hook that fails naming the
 * tools nobody called.
 */
const called = new Set<string>();

export const toolsCalled = (): ReadonlySet<string> => called;

/**
 * Records the tools/call requests a kernel answers, whichever client sent them (k.call, k.rpc, an
 * MCP client over HTTP): an observer on the transport, so looking a tool up or listing tools
 * never counts as calling it. Requests refused before any tool ran (401, 400, 429) do not count.
 */
export function recordToolCalls(kernel: Pick<Kernel, 'app' | 'registry'>): void {
  const registered = new Set(kernel.registry.all().map((t) => t.definition.name));
  kernel.app.addHook('onResponse', async (request, reply) => {
    if (
      request.method !== 'POST' ||
      request.url.split('?')[0] !== '/' ||
      reply.statusCode !== 200 ||
      typeof request.body !== 'string'
    )
      return;
    for (const name of toolCallNames(request.body)) if (registered.has(name)) called.add(name);
  });
}

function toolCallNames(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  return (Array.isArray(parsed) ? parsed : [parsed])
    .filter((m) => m?.method === 'tools/call' && typeof m.params?.name === 'string')
    .map((m) => m.params.name as string);
}

/** Registered tools no test called (in this process, or in `calledTools`), by group. */
export async function uncalledTools(calledTools: ReadonlySet<string> = called): Promise<Map<string, string[]>> {
  const registry = registryOf(await loadGroups(await groupsUnderTest()));
  const byGroup = new Map<string, string[]>();
  for (const tool of registry.all().filter((t) => !calledTools.has(t.definition.name))) {
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

/** The error a run's coverage gap fails with, or null when every tool was called. */
export function coverageFailure(missing: Map<string, string[]>): Error | null {
  if (missing.size === 0) return null;
  const lines = [...missing].map(([group, tools]) => `  ${group}: ${tools.join(', ')}`);
  return new Error(`tool coverage: these tools are registered but no test called them:\n${lines.join('\n')}`);
}

/** What a lane writes to SWITCHBOARD_TOOL_COVERAGE_FILE: whether its coverage says anything, and the tools it called. */
export interface LaneCoverage {
  complete: boolean;
  called: string[];
}

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    const root = this.test?.parent;
    const complete = !!root && everyTestRan(root);
    const file = process.env.SWITCHBOARD_TOOL_COVERAGE_FILE;
    if (file) {
      const lane: LaneCoverage = { complete, called: [...called].sort() };
      await writeFile(file, JSON.stringify(lane) + '\n');
    }
    if (process.env.SWITCHBOARD_TOOL_COVERAGE !== '1' || !complete) return;
    const failure = coverageFailure(await uncalledTools());
    if (failure) throw failure;
  },
};
