import { MAIN_TOKEN } from '../core/auth/token-grant.js';
import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadedPlugin } from '../core/plugin/load-plugins.js';
import type { RegisteredTool, ToolDescriptorWithOutput } from '../core/tools/registered-tool.js';
import type { ToolRegistry } from '../core/tools/tool-registry.js';
import { groupsUnderTest, loadGroups, REPO_ROOT, registryOf } from './harness/groups-under-test.js';
import { parseSpecCatalogue, readSpec, SPEC_PATH, type SpecTool } from './harness/spec-catalogue.js';
import { argumentErrors } from '../core/tools/tool-invoker.js';
import { INTEGER_MAX } from '../core/tools/bound-integers.js';
import { schemaNodes } from './harness/schema-nodes.js';

/**
 * The contract every tool group keeps, checked over every group enabled in config/default.ts and
 * the example groups: manifest, README, tool names, annotations, kinds, confirmation, the action
 * argument, and one tool per file. The spec's tool tables are parsed, not copied, so a spec change
 * shows up here.
 */

/** Tools that ask for confirmation although the spec does not mark them (C): tool → why. */
const EXTRA_CONFIRMATION: Record<string, string> = {};

/** Arguments the spec marks required (`*`) that a tool leaves optional: "tool.argument" → why. */
const OPTIONAL_DESPITE_SPEC: Record<string, string> = {};

const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;
const GROUP_NAME = /^[a-z][a-z0-9_]*$/;
const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
const ANNOTATIONS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

const groups = await groupsUnderTest();
const kebab = (tool: string) => tool.replace(/_/g, '-');
const rel = (path: string) => relative(REPO_ROOT, path);

describe('contract: every enabled tool group', () => {
  let plugins: LoadedPlugin[];
  let registry: ToolRegistry | undefined;
  let registryError: unknown;
  let listed: Map<string, ToolDescriptorWithOutput>;
  let spec: Map<string, SpecTool>;

  before(async () => {
    plugins = await loadGroups(groups);
    spec = parseSpecCatalogue(readSpec());
    try {
      registry = registryOf(plugins);
      listed = new Map(
        (
          JSON.parse(registry.page(undefined, '2025-06-18', MAIN_TOKEN)!.toString()).tools as ToolDescriptorWithOutput[]
        ).map((t) => [t.name, t]),
      );
    } catch (err) {
      registryError = err;
    }
  });

  it(`reads the spec's tool catalogue (${rel(SPEC_PATH)})`, () => {
    const confirmed = [...spec.values()].filter((t) => t.confirmation);
    expect(confirmed.length, 'tools marked (C)').to.be.greaterThan(0);
    expect(confirmed.filter((t) => t.confirmation === 'user').length, 'user-confirmed tools').to.be.greaterThan(0);
    expect([...spec.values()].filter((t) => t.actionRequired).length, 'tools with action*').to.be.greaterThan(0);
  });

  it('gives every tool a unique name matching ^[a-z][a-z0-9_]{0,63}$', () => {
    const owners = new Map<string, string[]>();
    for (const { plugin } of plugins)
      for (const tool of plugin.tools ?? []) owners.set(tool.name, [...(owners.get(tool.name) ?? []), plugin.name]);
    const duplicated = [...owners].filter(([, gs]) => gs.length > 1).map(([name, gs]) => `${name} (${gs.join(', ')})`);
    expect(duplicated, 'tool names declared more than once').to.deep.equal([]);
    expect(
      [...owners.keys()].filter((n) => !TOOL_NAME.test(n)),
      'badly named tools',
    ).to.deep.equal([]);
    expect(registryError, 'the tool registry refuses these groups').to.equal(undefined);
    expect(listed.size, 'tools/list lists every tool').to.equal(owners.size);
  });

  for (const group of groups) {
    describe(`group ${group.name}`, () => {
      const loaded = () => plugins.find((p) => p.plugin.name === group.name)!;
      const tools = () => {
        if (!registry) throw new Error(`the tool registry refuses the groups: ${(registryError as Error).message}`);
        return registry.all().filter((t) => t.group === group.name);
      };
      const expectNone = (failures: string[], what: string) =>
        expect(failures, `${what}:\n  ${failures.join('\n  ')}`).to.deep.equal([]);

      it('has a valid manifest: name, version, description, kernel range, known dependencies', () => {
        const { plugin } = loaded();
        expect(plugin.name).to.match(GROUP_NAME);
        if (group.dir.startsWith(join(REPO_ROOT, 'plugins')))
          expect(rel(group.dir), 'folder named as the group').to.equal(join('plugins', plugin.name));
        expect(plugin.version, 'version').to.match(SEMVER);
        expect(plugin.description.trim(), 'description').to.not.equal('');
        expect(plugin.kernel, 'kernel').to.match(/^\^\d+\.\d+\.\d+$/);
        const names = new Set(plugins.map((p) => p.plugin.name));
        expect(
          (plugin.dependencies ?? []).filter((d) => !names.has(d)),
          'dependencies not enabled',
        ).to.deep.equal([]);
        const migrations = (plugin.migrations ?? []).map((m) => m.name);
        expect(new Set(migrations).size, `migration names must be unique: ${migrations.join(', ')}`).to.equal(
          migrations.length,
        );
      });

      it('has a README.md that mentions every tool', () => {
        const readme = join(group.dir, 'README.md');
        expect(existsSync(readme), `${rel(readme)} is missing`).to.equal(true);
        const text = readFileSync(readme, 'utf8');
        expectNone(
          tools()
            .map((t) => t.definition.name)
            .filter((n) => !new RegExp(`\\b${n}\\b`).test(text)),
          `tools ${rel(readme)} does not mention`,
        );
      });

      it('annotates every tool with all five MCP hints; queries are read-only and non-destructive', () => {
        const failures: string[] = [];
        for (const tool of tools()) {
          const name = tool.definition.name;
          const annotations = listed.get(name)!.annotations as unknown as Record<string, unknown>;
          if (typeof annotations.title !== 'string' || annotations.title === '')
            failures.push(`${name}: annotations.title missing`);
          for (const hint of ANNOTATIONS)
            if (typeof annotations[hint] !== 'boolean') failures.push(`${name}: ${hint} missing`);
          if (tool.definition.kind === 'query') {
            if (annotations.readOnlyHint !== true || annotations.destructiveHint !== false)
              failures.push(`${name}: a query must be readOnly and not destructive`);
          } else if (annotations.readOnlyHint !== false) failures.push(`${name}: a mutation must not be readOnly`);
        }
        expectNone(failures, 'annotation problems');
      });

      it('bounds every integer argument: within a safe integer, and within PostgreSQL integer unless the tool declares a wider maximum', () => {
        const failures: string[] = [];
        for (const tool of tools()) {
          const declared = new Map(
            schemaNodes(tool.definition.input as object).map((n) => [n.path, n.schema as Record<string, unknown>]),
          );
          for (const { path, schema } of schemaNodes(tool.inputSchema as object)) {
            const s = schema as Record<string, unknown>;
            if (s.type !== 'integer') continue;
            const at = `${tool.definition.name}.${path}`;
            if (typeof s.minimum !== 'number' || typeof s.maximum !== 'number') failures.push(`${at}: unbounded`);
            else if (s.minimum < Number.MIN_SAFE_INTEGER || s.maximum > Number.MAX_SAFE_INTEGER)
              failures.push(`${at}: beyond a safe integer`);
            else if (s.maximum > INTEGER_MAX && declared.get(path)?.maximum !== s.maximum)
              failures.push(`${at}: wider than integer without declaring it`);
          }
        }
        expectNone(failures, 'integer arguments');
      });

      it('refuses a NUL character in every string argument as invalid_arguments naming it', () => {
        const failures: string[] = [];
        for (const tool of tools()) {
          for (const { path, schema } of schemaNodes(tool.inputSchema as object)) {
            if ((schema as { type?: unknown }).type !== 'string' || path.includes('[]')) continue;
            const args: Record<string, unknown> = {};
            let at = args;
            const parts = path.split('.');
            parts.slice(0, -1).forEach((part) => (at = (at[part] = {}) as Record<string, unknown>));
            at[parts.at(-1)!] = 'a\u0000b';
            const errors = argumentErrors(tool, args);
            if (!errors.some((e) => e.path === path && /NUL/.test(e.message)))
              failures.push(`${tool.definition.name}.${path}: ${JSON.stringify(errors)}`);
          }
        }
        expectNone(failures, 'string arguments that take NUL');
      });

      it('declares the kind the spec gives', () => {
        const wrong = tools()
          .map((t) => [t, spec.get(t.definition.name)?.kind] as const)
          .filter(([t, kind]) => kind && kind !== t.definition.kind)
          .map(([t, kind]) => `${t.definition.name} is a ${t.definition.kind}; the spec says ${kind}`);
        expectNone(wrong, 'kinds');
      });

      it('asks for confirmation exactly where the spec marks (C): the agent confirms, or the user where the spec says so', () => {
        expectNone(
          tools()
            .map(confirmationProblem)
            .filter((p): p is string => p !== undefined),
          'confirmation policies',
        );
      });

      it('takes the action argument as the spec says, and the arguments the spec requires', () => {
        expectNone(tools().flatMap(argumentProblems), 'arguments');
      });

      it('keeps one tool per file, at tools/<kebab-name>.ts, and registers every tool it defines', async () => {
        const failures: string[] = [];
        const toolsDir = join(group.dir, 'tools');
        const registered = new Set(tools().map((t) => t.definition));
        for (const tool of tools()) {
          const file = join(toolsDir, `${kebab(tool.definition.name)}.ts`);
          if (!existsSync(file)) {
            failures.push(`${tool.definition.name}: ${rel(file)} does not exist`);
            continue;
          }
          const exported = toolExports(await import(pathToFileURL(file).href));
          if (exported.length !== 1 || exported[0] !== tool.definition)
            failures.push(`${rel(file)} must export exactly one tool, the registered ${tool.definition.name}`);
        }
        const files = existsSync(toolsDir)
          ? readdirSync(toolsDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
          : [];
        // Files of shared argument schemas are fine; a tool the manifest forgot is not.
        for (const file of files) {
          const orphans = toolExports(await import(pathToFileURL(join(toolsDir, file)).href)).filter(
            (t) => !registered.has(t as never),
          );
          if (orphans.length > 0)
            failures.push(`${rel(join(toolsDir, file))} exports a tool the manifest does not register`);
        }
        expectNone(failures, 'tool files');
      });
    });
  }

  function confirmationProblem(tool: RegisteredTool): string | undefined {
    const name = tool.definition.name;
    const expected = spec.get(name)?.confirmation ?? 'none';
    if (tool.confirmation === expected) return undefined;
    if (expected === 'none' && EXTRA_CONFIRMATION[name]) return undefined;
    if (expected === 'none')
      return `${name} asks for ${tool.confirmation} confirmation; the spec does not mark it (C) (justify it in EXTRA_CONFIRMATION)`;
    return `${name} has confirmation "${tool.confirmation}"; the spec requires "${expected}"`;
  }

  function argumentProblems(tool: RegisteredTool): string[] {
    const name = tool.definition.name;
    const schema = tool.inputSchema as { properties: Record<string, { const?: unknown }>; required?: string[] };
    const required = new Set(schema.required ?? []);
    const action = schema.properties.action;
    const specTool = spec.get(name);
    const problems: string[] = [];
    const expectedAction = specTool?.actionValue ?? name.split('_')[0];
    if (specTool?.actionRequired && (!action || !required.has('action')))
      problems.push(`${name}: the spec lists action*; it must be a required argument`);
    if (action && action.const !== expectedAction) {
      problems.push(
        `${name}: action must be the constant "${expectedAction}" (${specTool?.actionValue ? "the spec's value" : "the tool's verb"}), got ${JSON.stringify(action.const)}`,
      );
    }
    if (action && !specTool) problems.push(`${name}: only tools the spec names take an action argument`);
    for (const arg of specTool?.requiredArgs ?? []) {
      if (!required.has(arg) && !OPTIONAL_DESPITE_SPEC[`${name}.${arg}`])
        problems.push(
          `${name}: the spec requires ${arg}; the tool ${arg in schema.properties ? 'leaves it optional' : 'does not take it'}`,
        );
    }
    return problems;
  }
});

/** Exports that are tool definitions (made with defineTool). */
function toolExports(mod: Record<string, unknown>): unknown[] {
  return Object.values(mod).filter(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      typeof (v as any).name === 'string' &&
      typeof (v as any).handler === 'function' &&
      'kind' in v &&
      'input' in v,
  );
}
