import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { RegisteredTool } from '../../core/tools/registered-tool.js';
import type { TestKernel } from '../helpers/boot.js';
import { exampleGroups, REPO_ROOT } from './groups-under-test.js';

/** Calls a tool as one shop and returns its payload (structuredContent). */
export type CallAs = (tool: string, args?: Record<string, unknown>) => Promise<any>;

export interface IsolationProbe {
  tool: string;
  args: Record<string, unknown>;
  /** not_found: success false with error_code not_found. empty: success true and isEmpty(payload). */
  expect: 'not_found' | 'empty';
  isEmpty?: (payload: any) => boolean;
}

/**
 * Shop A's access to the kernel's own HTTP routes, for seeds whose data cannot be made by tools
 * alone (the messaging sandbox: opening a pairing link, injecting a customer's message).
 */
export interface SeedHttp {
  /** Shop A's API token, for routes that authenticate the shop with it. */
  token: string;
  /** A request to the kernel's app, answered in-process (the kernel does not listen). */
  inject: (request: InjectOptions) => Promise<LightMyRequestResponse>;
}

/**
 * A group's cross-tenant isolation fixture (plugins/<group>/test/isolation.fixture.ts). The
 * harness boots `groups`, seeds shop A, then runs every probe as shop B against A's data and
 * checks that A's snapshot is unchanged.
 */
export interface IsolationFixture<Seed extends Record<string, any> = Record<string, any>> {
  /** Groups to enable for the run, dependencies included. */
  groups: string[];
  /**
   * Config for those groups, by group, when the seed needs more than the defaults (the email
   * group trusting the test mail servers' certificate); may start what the seed talks to.
   */
  groupConfig?: () => Promise<Record<string, Record<string, unknown>>>;
  /**
   * The kernel's network settings when the seed reaches a local server of its own over TLS (the
   * integrations group's fake stores): usually `trustedCaPem` for that server's certificate.
   */
  network?: () => Promise<{ trustedCaPem?: string }>;
  /** Runs as shop A; creates data and returns the ids/phones the probes aim at. */
  seed: (callAsA: CallAs, httpAsA: SeedHttp) => Promise<Seed>;
  /** Each probe runs as shop B against shop A's data. */
  probes: (seed: Seed) => IsolationProbe[];
  /** Runs as shop A before and after the probes; the two results must be deep-equal. */
  snapshot: (callAsA: CallAs, seed: Seed) => Promise<unknown>;
  /** Tools of the group that take an id or phone but need no probe, each with the reason. */
  exempt: Record<string, string>;
}

export interface DiscoveredFixture {
  /** The group the fixture belongs to: the one whose folder holds it. */
  group: string;
  /** Relative to the repository root. */
  path: string;
  fixture: IsolationFixture;
}

/** Arguments that aim at existing records: `id`, `*_id`, `*_ids`, `phone`, `*_phone`. */
export const TARGET_ARGUMENT = /^(id|phone|.+_id|.+_ids|.+_phone)$/;

export const targetArguments = (tool: RegisteredTool): string[] =>
  Object.keys(tool.inputSchema.properties).filter((name) => TARGET_ARGUMENT.test(name));

/** plugins/<group>/test/isolation.fixture.ts and examples/<folder>/test/isolation.fixture.ts. */
export async function discoverIsolationFixtures(): Promise<DiscoveredFixture[]> {
  const candidates: { group: string; file: string }[] = [];
  const plugins = join(REPO_ROOT, 'plugins');
  for (const name of readdirSync(plugins).sort())
    candidates.push({ group: name, file: join(plugins, name, 'test', 'isolation.fixture.ts') });
  for (const example of await exampleGroups())
    candidates.push({ group: example.name, file: join(example.dir, 'test', 'isolation.fixture.ts') });
  const found: DiscoveredFixture[] = [];
  for (const { group, file } of candidates.filter((c) => existsSync(c.file))) {
    const fixture = (await import(pathToFileURL(file).href)).default as IsolationFixture;
    found.push({ group, path: relative(REPO_ROOT, file), fixture });
  }
  return found;
}

/**
 * callAs for one shop's token. A tool that asks for confirmation is confirmed the way its policy
 * says — agent: the same call again with confirm: true; user: the approve button of the
 * confirmation page — so seeds can create through (C) tools and probes reach the handler.
 */
export function callAs(k: TestKernel, token: string): CallAs {
  return async (tool, args = {}) => {
    const first = (await k.call(token, tool, args)).payload;
    if (first?.requires_confirmation !== true) return first;
    if (typeof first.confirmation_url !== 'string') {
      return (await k.call(token, tool, { ...args, confirm: true, confirmation_token: first.confirmation_token }))
        .payload;
    }
    const page = await k.app.inject({ method: 'POST', url: `${new URL(first.confirmation_url).pathname}/approve` });
    return resultOfConfirmationPage(page.body);
  };
}

/** The page prints the tool's payload as JSON in its one <pre>. */
function resultOfConfirmationPage(html: string): any {
  const pre = /<pre>([\s\S]*?)<\/pre>/.exec(html);
  if (!pre)
    throw new Error(
      `the confirmation page showed no result: ${html
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()}`,
    );
  const text = pre[1]!.replace(
    /&(lt|gt|quot|#39|amp);/g,
    (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!,
  );
  return JSON.parse(text);
}

/** Why a probe's answer breaks isolation, or undefined when it holds. */
export function probeFailure(probe: IsolationProbe, payload: any): string | undefined {
  const got = JSON.stringify(payload);
  if (probe.expect === 'not_found') {
    return payload?.success === false && payload.error_code === 'not_found'
      ? undefined
      : `expected not_found, got ${got}`;
  }
  if (typeof probe.isEmpty !== 'function') return 'expect "empty" needs an isEmpty(payload) function';
  if (payload?.success !== true) return `expected an empty success, got ${got}`;
  return probe.isEmpty(payload) ? undefined : `expected an empty result, got ${got}`;
}

/**
 * The group's tools that take an id or phone and have neither a probe nor an exemption, and the
 * exemptions that are stale (no such tool, no id argument, or no reason).
 */
export function coverageGaps(fixture: IsolationFixture, probes: IsolationProbe[], tools: RegisteredTool[]): string[] {
  const probed = new Set(probes.map((p) => p.tool));
  const targeted = new Map(tools.map((t) => [t.definition.name, targetArguments(t)]));
  const gaps: string[] = [];
  for (const [name, args] of targeted) {
    if (args.length > 0 && !probed.has(name) && !(name in fixture.exempt))
      gaps.push(`${name} takes ${args.join(', ')} but has no probe and no exemption`);
  }
  for (const [name, reason] of Object.entries(fixture.exempt)) {
    if (!targeted.has(name)) gaps.push(`exemption for ${name}, which is not a tool of the group`);
    else if (targeted.get(name)!.length === 0) gaps.push(`exemption for ${name}, which takes no id or phone`);
    if (typeof reason !== 'string' || reason.trim() === '') gaps.push(`exemption for ${name} gives no reason`);
  }
  return gaps;
}
